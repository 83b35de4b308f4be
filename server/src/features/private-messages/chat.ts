import {
  CHAT_MESSAGES,
  CHAT_PM_CLIENT_SCHEMAS,
  type ChatPrivateMessage,
  cleanChatMessage,
  CHAT_PM_CLIENT_EVENTS as IN,
  CHAT_PM_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type { ChatRoom } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { enforceRateLimit } from "../../platform/rate-limit/hook.ts";
import { sendPrivateMessage, startConversation } from "./service.ts";

/**
 * A private message typed in the chat room (chat spec 7): stored in the inbox's conversation of the
 * two members and sent live to both of them in the room. The inbox's refusals (a block, the limit)
 * answer the sender with their message.
 */
export function privateMessageHandlers(room: ChatRoom, ctx: AppContext): void {
  room.handle(IN.send, CHAT_PM_CLIENT_SCHEMAS[IN.send], async (input, from) => {
    const text = cleanChatMessage(input.text, "in");
    if (!text) return from.refuse(CHAT_MESSAGES.empty);
    const actor = { id: from.member._id };
    // The inbox's limit: the same conversations, whichever way a message comes in.
    await enforceRateLimit(ctx, "privateMessages", { member: actor.id });
    const { conversationId } = await startConversation(ctx, actor, { userIds: [input.to] });
    const sent = await sendPrivateMessage(ctx, actor, conversationId, { body: text });
    const message: ChatPrivateMessage = {
      _id: sent._id,
      type: "private-message",
      conversationId,
      sender: from.member.username,
      senderId: actor.id,
      to: input.to,
      text: sent.body,
      timestamp: sent.createdAt,
    };
    room.emitToMembers([actor.id, input.to], OUT.message, message);
  });
}
