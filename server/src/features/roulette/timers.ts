import { CHAT_NAMESPACE, ROULETTE_SERVER_EVENTS as OUT, ROULETTE_LIMITS } from "@airwave/contracts";
import type { AppContext } from "../../platform/context.ts";
import { defineDueWork } from "../../platform/jobs/due-work.ts";
import { defineService } from "../../platform/services.ts";
import { advanceDue, nextDueAt } from "./advance.ts";
import { playersOf } from "./rounds.ts";

export const ROULETTE_ROUND_JOB = "roulette: advance the round";

/**
 * The round's loop (../../platform/jobs/due-work.ts): the round and its due times are in the
 * database, swept every 2 s on one instance at a time, and moved on time by the wake-up of the
 * instance that opened betting or spun. Each move is conditional on the round's status, so the
 * sweep meeting a wake-up, or another instance's sweep after a restart, never moves a round twice.
 */
export const { service: rouletteTimersService, job: rouletteRoundJob } = defineDueWork({
  job: ROULETTE_ROUND_JOB,
  settle: advanceDue,
  nextDueAt,
});

/**
 * `roulette-players-update` on one instance, coalesced: at most one per `playersUpdateMs` from
 * this instance, each round's players read from the database when it is sent. Stopped with the app.
 */
export class RoulettePlayersUpdates {
  private timer: NodeJS.Timeout | null = null;
  private rounds = new Set<string>();
  private sending: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly ctx: AppContext) {}

  /** The round's players changed: the room hears it within `playersUpdateMs`, once. */
  readonly changed = (roundId: string): void => {
    if (this.stopped) return;
    this.rounds.add(roundId);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sending = this.flush();
    }, ROULETTE_LIMITS.playersUpdateMs);
    this.timer.unref();
  };

  /** Sends the pending players updates now (the timer's work). */
  async flush(): Promise<void> {
    const rounds = [...this.rounds];
    this.rounds.clear();
    for (const roundId of rounds) {
      try {
        const players = await playersOf(this.ctx.db, roundId);
        this.ctx.realtime.publish(
          OUT.playersUpdate,
          { roundId, players },
          { all: true, namespace: CHAT_NAMESPACE },
        );
      } catch (err) {
        this.ctx.log.warn({ err }, "roulette: players update failed");
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.sending;
  }
}

export const roulettePlayersService = defineService(
  "roulette players updates",
  (ctx) => new RoulettePlayersUpdates(ctx),
);
