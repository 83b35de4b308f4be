import {
  ROULETTE_CLIENT_EVENTS as IN,
  ROULETTE_SERVER_EVENTS as OUT,
  ROULETTE_CLIENT_SCHEMAS,
} from "@airwave/contracts";
import type { ChatRoom } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { overRateLimit } from "../../platform/rate-limit/hook.ts";
import { placeBets } from "./bets.ts";
import { ensureRound, stateOf } from "./rounds.ts";
import { roulettePlayersService, rouletteTimersService } from "./timers.ts";

/**
 * Roulette in the chat room: `roulette-join-spectate` answers the round's state to the asking
 * connection (its commitment, players, the revealed history and the member's own bets);
 * `roulette-place-bets` joins the round; a refusal is answered with `roulette-error`. Each event
 * counts against the member's `gameEvents` limit; over it, `roulette-error` says so.
 */
export function rouletteChat(room: ChatRoom, ctx: AppContext) {
  const timers = () => ctx.services.get(rouletteTimersService);
  const players = () => ctx.services.get(roulettePlayersService);
  room.handle(IN.joinSpectate, ROULETTE_CLIENT_SCHEMAS[IN.joinSpectate], async (_input, from) => {
    const over = await overRateLimit(ctx, "gameEvents", from.member._id);
    if (over) return from.reply(OUT.error, { message: over });
    const round = await ensureRound(ctx);
    from.reply(OUT.state, await stateOf(ctx.db, round, from.member._id));
  });
  room.handle(IN.placeBets, ROULETTE_CLIENT_SCHEMAS[IN.placeBets], async (input, from) => {
    const over = await overRateLimit(ctx, "gameEvents", from.member._id);
    if (over) return from.reply(OUT.error, { message: over });
    const result = await placeBets(ctx, from.member, input, {
      dueAt: timers().wake,
      playersChanged: players().changed,
    });
    if ("refused" in result) from.reply(OUT.error, { message: result.refused });
  });
}
