import {
  CAMS_CLIENT_SCHEMAS,
  CAMS_MESSAGES,
  CAMS_CLIENT_EVENTS as IN,
  isStaffRole,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import type { ChatRoom } from "../../platform/chat-room/index.ts";
import type { ChatSender } from "../../platform/chat-room/room.ts";
import type { AppContext } from "../../platform/context.ts";
import { users } from "../../platform/identity/users.schema.ts";
import { CamRefusal, createCamsRoom } from "./cams-room.ts";
import { janusLinkService } from "./janus-link.ts";

/**
 * The cams in the chat room (contract `cams.ts`): publishing, watching, key frames and staff
 * closing, for admitted members only (visitors and banned members never reach a room handler); a
 * member acts only as themselves (their id is their socket's). A refusal is answered with
 * `cam-error`; a payload that does not parse with `chat-error` and the contract's text.
 */
export function camsChat(room: ChatRoom, ctx: AppContext) {
  const cams = createCamsRoom(room, ctx, () => ctx.services.get(janusLinkService));

  const answered =
    <T>(work: (input: T, from: ChatSender) => Promise<void>) =>
    async (input: T, from: ChatSender) => {
      try {
        await work(input, from);
      } catch (err) {
        if (!(err instanceof CamRefusal)) throw err;
        from.reply(OUT.error, { title: err.title, message: err.message });
      }
    };

  const roleOf = async (userId: string) => {
    const inRoom = (await room.presence.members()).find((m) => m._id === userId);
    if (inRoom) return inRoom.role;
    const [row] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
    return row?.role ?? "user";
  };

  room.handle(
    IN.publish,
    CAMS_CLIENT_SCHEMAS[IN.publish],
    answered((input, from) => cams.publish(from, input.jsep)),
  );
  room.handle(
    IN.unpublish,
    CAMS_CLIENT_SCHEMAS[IN.unpublish],
    answered((_input, from) => cams.unpublish(from)),
  );
  room.handle(
    IN.list,
    CAMS_CLIENT_SCHEMAS[IN.list],
    answered((_input, from) => cams.list(from)),
  );
  room.handle(
    IN.watch,
    CAMS_CLIENT_SCHEMAS[IN.watch],
    answered((input, from) => cams.watch(from, input.userIds)),
  );
  room.handle(
    IN.watchAnswer,
    CAMS_CLIENT_SCHEMAS[IN.watchAnswer],
    answered((input, from) => cams.watchAnswer(from, input.jsep)),
  );
  room.handle(
    IN.keyframe,
    CAMS_CLIENT_SCHEMAS[IN.keyframe],
    answered((input, from) => cams.keyframe(from, input.userId)),
  );
  room.handle(
    IN.close,
    CAMS_CLIENT_SCHEMAS[IN.close],
    answered(async (input, from) => cams.close(from, input.userId, await roleOf(input.userId))),
    {
      authorize: (member) => (isStaffRole(member.role) ? null : CAMS_MESSAGES.notAllowedToClose),
    },
  );
  room.onJoin((member) => cams.joined(member.member));
  room.onLeave((member) => cams.left(member));
}
