// The coin flip driver of bench/coinflip.ts, a process of its own (so its sockets and events do not
// weigh on the chat measurement's event loop): members `first`..`first + count - 1` join the room
// at `baseUrl`, then pairs of free members create and accept a 5-point flip, `rate` flips a second
// on a schedule that does not drift (a member is busy from its offer to the flip's result, the
// countdown included); at rate 0 they only sit in the room. A flip's events reach its players only,
// so each initiator's connection follows its own flip. Lines on stdout: `joined`, then one JSON line of figures after `stop` on
// stdin; `mark` on stdin starts the measured window (results counted from there).
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import {
  COINFLIP_CLIENT_EVENTS as CF_IN,
  COINFLIP_SERVER_EVENTS as CF_OUT,
  COINFLIP_LIMITS,
  type CoinflipOffer,
  type CoinflipResultEvent,
} from "@airwave/contracts";
import type { Socket } from "socket.io-client";
import { connectMember, fillRoom, sleep } from "./lib-chat.ts";

export interface DriverArgs {
  baseUrl: string;
  first: number;
  count: number;
  rate: number;
}

export interface DriverFigures {
  created: number;
  settled: number;
  /** Flips settled per second between `mark` and `stop`. */
  settledPerSecond: number;
  refused: number;
  /** Flips not started for want of two free members. */
  skipped: number;
  /** p99 of a result's arrival after the flip's startAt (ms, with `offsetMs` for the app's clock). */
  resultP99: number;
}

const args = JSON.parse(process.argv[2] ?? "{}") as DriverArgs & { offsetMs: number };
const sockets: Socket[] = [];
await fillRoom(sockets, args.count, (i) => connectMember(args.baseUrl, args.first + i - 1));
const byId = new Map<string, Socket>();
for (const [i, s] of sockets.entries()) byId.set(`u${args.first + i}`, s);
const free = [...byId.keys()];
/** An initiator's waiting opponent, by the initiator's id. */
const opponents = new Map<string, string>();
/** An open offer's initiator, by offer id (an offer that times out frees them). */
const initiators = new Map<string, string>();
let created = 0;
let settled = 0;
let refused = 0;
let skipped = 0;
let markAt = 0;
let settledAtMark = 0;
const lateness: number[] = [];

const onOffer = (offer: CoinflipOffer) => {
  const opponent = opponents.get(offer.initiator.id);
  if (offer.state !== "open" || !opponent) return;
  opponents.delete(offer.initiator.id);
  initiators.set(offer.offerId, offer.initiator.id);
  byId.get(opponent)?.emit(CF_IN.accept, { offerId: offer.offerId });
};
const onResult = (id: string, { offer }: CoinflipResultEvent) => {
  // Both players hear it: the initiator's connection counts it.
  if (offer.initiator.id !== id) return;
  initiators.delete(offer.offerId);
  settled++;
  if (markAt && offer.startAt)
    lateness.push(Date.now() + args.offsetMs - new Date(offer.startAt).getTime());
  free.push(offer.initiator.id);
  if (offer.opponent) free.push(offer.opponent.id);
};
const onTimeout = ({ offerId }: { offerId: string }) => {
  const initiator = initiators.get(offerId);
  if (!initiator) return;
  initiators.delete(offerId);
  refused++;
  free.push(initiator);
};
for (const [id, s] of byId) {
  s.on(CF_OUT.offer, onOffer);
  s.on(CF_OUT.result, (event: CoinflipResultEvent) => onResult(id, event));
  s.on(CF_OUT.timeout, onTimeout);
  s.on(CF_OUT.error, () => {
    refused++;
    // A refused offer frees its waiting opponent; a refused acceptance leaves the offer to time out.
    const opponent = opponents.get(id);
    opponents.delete(id);
    if (opponent) free.push(opponent);
    // The member comes back after a countdown (in case a flip of theirs still runs).
    setTimeout(() => free.push(id), COINFLIP_LIMITS.countdownMs + 2_000);
  });
}

console.log("joined");
let stopped = false;
const input = createInterface({ input: process.stdin });
input.on("line", (line) => {
  if (line === "mark") {
    markAt = performance.now();
    settledAtMark = settled;
  } else if (line === "stop") stopped = true;
});

const interval = 1000 / args.rate;
const start = performance.now();
while (args.rate <= 0 && !stopped) await sleep(100);
for (let k = 0; args.rate > 0 && !stopped; k++) {
  const wait = start + k * interval - performance.now();
  if (wait > 0) await sleep(wait);
  const initiator = free.shift();
  const opponent = free.shift();
  if (!initiator || !opponent) {
    if (initiator) free.unshift(initiator);
    skipped++;
    continue;
  }
  opponents.set(initiator, opponent);
  byId.get(initiator)?.emit(CF_IN.create, { pick: k % 2 ? "heads" : "tails", wager: 5 });
  created++;
}
const seconds = (performance.now() - markAt) / 1000;
lateness.sort((a, b) => a - b);
const figures: DriverFigures = {
  created,
  settled,
  settledPerSecond: markAt ? (settled - settledAtMark) / seconds : Number.NaN,
  refused,
  skipped,
  resultP99: lateness[Math.max(0, Math.ceil(lateness.length * 0.99) - 1)] ?? Number.NaN,
};
console.log(JSON.stringify(figures));
input.close();
for (const s of sockets) s.disconnect();
process.exit(0);
