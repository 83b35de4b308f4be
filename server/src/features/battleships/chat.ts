import {
  BATTLESHIPS_CLIENT_SCHEMAS,
  BATTLESHIPS_CLIENT_EVENTS as IN,
  BATTLESHIPS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type { ChatRoom } from "../../platform/chat-room/index.ts";
import type { ChatSender } from "../../platform/chat-room/room.ts";
import type { AppContext } from "../../platform/context.ts";
import { overRateLimit } from "../../platform/rate-limit/hook.ts";
import { markAway, markBack, recentOffers, viewsOfPlayer } from "./ending.ts";
import { acceptOffer, type BattleshipsAnswer, createOffer } from "./service.ts";
import { shoot } from "./shots.ts";
import { battleshipsTimersService } from "./timers.ts";

/**
 * Battleships in the chat room: offer (`battleships-create`), accept (`battleships-accept`) and
 * shoot (`battleships-shoot`); a refusal is answered to the member with `battleships-error` and the
 * catalogue's message. A newcomer is sent the offers of the last hour; a player coming back is no
 * longer away and gets their game's view again (`battleships-start`). A player whose chat
 * connections are all gone is away from then (the disconnect rule, ./ending.ts). Each event counts
 * against the member's `gameEvents` limit; over it, `battleships-error` says so and nothing runs.
 */
export function battleshipsChat(room: ChatRoom, ctx: AppContext) {
  const timers = () => ctx.services.get(battleshipsTimersService);
  const answer = <T>(result: BattleshipsAnswer<T>, from: ChatSender) => {
    if ("refused" in result) from.reply(OUT.error, { message: result.refused });
  };
  const limited = async (from: ChatSender) => {
    const over = await overRateLimit(ctx, "gameEvents", from.member._id);
    if (over) from.reply(OUT.error, { message: over });
    return over !== null;
  };
  room.handle(IN.create, BATTLESHIPS_CLIENT_SCHEMAS[IN.create], async (input, from) => {
    if (await limited(from)) return;
    answer(await createOffer(ctx, from.member, input, timers().wake), from);
  });
  room.handle(IN.accept, BATTLESHIPS_CLIENT_SCHEMAS[IN.accept], async (input, from) => {
    if (await limited(from)) return;
    answer(await acceptOffer(ctx, from.member, input, undefined, timers().wake), from);
  });
  room.handle(IN.shoot, BATTLESHIPS_CLIENT_SCHEMAS[IN.shoot], async (input, from) => {
    if (await limited(from)) return;
    answer(await shoot(ctx, from.member, input, timers().wake), from);
  });
  room.onJoin(async (member) => {
    for (const offer of await recentOffers(ctx)) member.reply(OUT.offer, offer);
    await markBack(ctx, member.member._id);
    for (const view of await viewsOfPlayer(ctx, member.member._id)) member.reply(OUT.start, view);
  });
  room.onLeave(async (member) => {
    const due = await markAway(ctx, member._id);
    if (due) timers().wake(due);
  });
}
