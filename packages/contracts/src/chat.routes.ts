import { z } from "zod";
import { ADMIN_API } from "./admin.ts";
import { messageAnswerSchema } from "./answers.ts";
import { CHAT_MESSAGES, moderationInputSchema } from "./chat.ts";
import { defineRoutes } from "./route.ts";

/**
 * The HTTP calls around the chat room (chat spec): kick and ban, the admin's chat
 * stats and wipe, the build version. The room itself is the Socket.IO namespace.
 */
export const CHAT_ROUTES = /* @__PURE__ */ defineRoutes("chat", {
  buildVersion: {
    method: "GET",
    path: "/api/build-version",
    access: "public",
    summary: "The version of the web build being served, for the update check",
    response: z.object({ version: z.string(), title: z.string(), description: z.string() }),
  },
  kick: {
    method: "POST",
    path: "/api/auth/chat/kick",
    access: "staff",
    refusal: CHAT_MESSAGES.notAllowed,
    summary: "Kick a member out of the chat room (staff)",
    body: moderationInputSchema,
    response: messageAnswerSchema,
  },
  ban: {
    method: "POST",
    path: "/api/auth/chat/ban",
    access: "staff",
    refusal: CHAT_MESSAGES.notAllowed,
    summary: "Ban a member from the chat room (staff)",
    body: moderationInputSchema,
    response: messageAnswerSchema,
  },
  stats: {
    method: "GET",
    path: ADMIN_API.chatStats,
    access: "admin",
    summary: "Chat messages of the last 24 hours (Admin)",
    response: z.object({ last24h: z.number() }),
  },
  clear: {
    method: "POST",
    path: ADMIN_API.chatClear,
    access: "admin",
    summary: "Wipe the chat room's messages (Admin)",
    response: z.object({ deleted: z.number() }),
  },
});
