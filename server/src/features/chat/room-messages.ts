import {
  CHAT_CLIENT_SCHEMAS,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_SENDABLE_TYPES,
  type ChatMessageType,
  cleanChatMessage,
  HTTP_MESSAGES,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
  replyPreview,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import type { ChatRoom } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { uploads } from "../../platform/storage/schema.ts";
import { gifs } from "../gifs/schema.ts";
import { users } from "../users/schema.ts";
import { findChatMessage, saveChatMessage } from "./store.ts";

/** GIF links may come from the GIF service's hosts or the station's own library. */
function allowedGifUrl(ctx: AppContext, url: string): boolean {
  try {
    const u = new URL(url);
    if (
      u.protocol === "https:" &&
      (u.hostname === "giphy.com" || u.hostname.endsWith(".giphy.com"))
    )
      return true;
    return u.origin === new URL(ctx.config.GIPHY_API_URL).origin;
  } catch {
    return false;
  }
}

async function isLibraryGif(ctx: AppContext, url: string): Promise<boolean> {
  const rows = await ctx.db.select({ id: gifs.id }).from(gifs).where(eq(gifs.file, url)).limit(1);
  return rows.length > 0;
}

async function isUploadedImage(ctx: AppContext, url: string): Promise<boolean> {
  const key = ctx.storage.keyFromUrl(url);
  if (!key) return false;
  const rows = await ctx.db
    .select({ key: uploads.key })
    .from(uploads)
    .where(eq(uploads.key, key))
    .limit(1);
  return rows.length > 0;
}

/**
 * A member's message to the room (chat spec 3): within the chat limit, cleaned, its GIF or image
 * checked, its reply built from the stored original, sent with the member's picture and name tag
 * as they are now; then the features' message hooks run (mention notifications…).
 */
export function handleRoomMessages(room: ChatRoom, ctx: AppContext): void {
  room.handle(IN.message, CHAT_CLIENT_SCHEMAS[IN.message], async (input, from) => {
    const user = from.member;
    if (!(await room.rateLimit.hit(user._id, room.now()))) {
      from.reply(OUT.system, { type: "system", message: CHAT_MESSAGES.slowDown });
      return;
    }
    let message = cleanChatMessage(input.message, "in");
    let trackData: Record<string, unknown> | null = null;
    const kind = room.messageKindOf(input.type);
    if (kind) {
      ({ message, trackData } = await kind({ message, trackId: input.trackId }, from));
    } else if (!(CHAT_SENDABLE_TYPES as readonly string[]).includes(input.type)) {
      // A feature's type while that feature is not in the app.
      return from.refuse(HTTP_MESSAGES.invalidInput);
    }
    if (!message) return from.refuse(CHAT_MESSAGES.empty);
    if (input.type === "gif" && !allowedGifUrl(ctx, message))
      return from.refuse(CHAT_MESSAGES.invalidGif);
    if (input.type === "bvgif" && !(await isLibraryGif(ctx, message)))
      return from.refuse(CHAT_MESSAGES.invalidGif);
    if (input.type === "image" && !(await isUploadedImage(ctx, message)))
      return from.refuse(CHAT_MESSAGES.invalidImage);

    let replyTo = null;
    if (input.replyTo) {
      const original = await findChatMessage(ctx.db, input.replyTo.id);
      if (!original) return from.refuse(CHAT_MESSAGES.unknownMessage);
      replyTo = {
        id: original.id,
        username: original.username,
        message: replyPreview(original.message),
        type: original.type as ChatMessageType,
      };
    }
    // Picture and name tag as they are now (the member may have changed them since joining).
    const [fresh] = await ctx.db
      .select({ profileimage: users.profileimage, nameTagStyling: users.nameTagStyling })
      .from(users)
      .where(eq(users.id, user._id))
      .limit(1);
    const profileimage = fresh?.profileimage ?? user.profileimage;
    const nameTagStyling = fresh?.nameTagStyling ?? null;
    await room.presence.update(user._id, { profileimage, nameTagStyling });
    const saved = await saveChatMessage(ctx.db, {
      clientId: input.id ?? Math.floor(Math.random() * CHAT_LIMITS.clientIdMax),
      senderId: user._id,
      username: user.username,
      profileimage,
      type: input.type,
      message,
      usernameStyle: nameTagStyling,
      format: input.format ?? null,
      replyTo,
      trackData,
    });
    room.broadcast(OUT.message, saved);
    await room.messagePosted(saved, from);
  });
}
