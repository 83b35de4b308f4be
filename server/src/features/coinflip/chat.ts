import {
  COINFLIP_CLIENT_SCHEMAS,
  COINFLIP_CLIENT_EVENTS as IN,
  COINFLIP_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type { ChatRoom } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { overRateLimit } from "../../platform/rate-limit/hook.ts";
import { acceptOffer, type CoinflipAnswer, createOffer, joinOffers } from "./service.ts";
import { coinflipTimersService } from "./timers.ts";

/**
 * The coin flip in the chat room: a member offers (`coinflip-create`) and accepts
 * (`coinflip-accept`); a refusal is answered to them with `coinflip-error` and the catalogue's
 * message. A newcomer is sent one `coinflip-offers` with the history's offers and their own flip.
 * Each event counts against the member's `gameEvents` limit; over it, `coinflip-error` says so.
 */
export function coinflipChat(room: ChatRoom, ctx: AppContext) {
  const timers = () => ctx.services.get(coinflipTimersService);
  const answer = (result: CoinflipAnswer, reply: (message: string) => void) => {
    if ("refused" in result) reply(result.refused);
  };
  room.handle(IN.create, COINFLIP_CLIENT_SCHEMAS[IN.create], async (input, from) => {
    const over = await overRateLimit(ctx, "gameEvents", from.member._id);
    if (over) return from.reply(OUT.error, { message: over });
    const result = await createOffer(ctx, from.member, input, timers().wake);
    answer(result, (message) => from.reply(OUT.error, { message }));
  });
  room.handle(IN.accept, COINFLIP_CLIENT_SCHEMAS[IN.accept], async (input, from) => {
    const over = await overRateLimit(ctx, "gameEvents", from.member._id);
    if (over) return from.reply(OUT.error, { message: over });
    const result = await acceptOffer(ctx, from.member, input, timers().wake);
    answer(result, (message) => from.reply(OUT.error, { message }));
  });
  room.onJoin(async (member) => {
    const offers = await joinOffers(ctx, member.member._id);
    if (offers.length > 0) member.reply(OUT.offers, { offers });
  });
}
