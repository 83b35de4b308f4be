import { readFile } from "node:fs/promises";
import path from "node:path";
import { CHAT_NAMESPACE, CHAT_ROUTES, CHAT_SERVER_EVENTS } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { webDistDir } from "../../platform/web-dist.ts";
import { banFromChat, kickFromChat } from "./moderation.ts";
import { chatMessagesLast24h, wipeChat } from "./store.ts";

/** The version of the web build being served (written by the web build), for the update check. */
async function buildVersion(ctx: AppContext) {
  try {
    const text = await readFile(path.join(webDistDir(ctx.config), "build-version.json"), "utf8");
    const info = JSON.parse(text) as { version?: unknown };
    if (typeof info.version === "string") {
      return {
        version: info.version,
        title: "Update available",
        description: "A new version of Airwave is available. Reload to get it.",
      };
    }
  } catch {
    // no build info: a development server
  }
  return { version: "dev", title: "Update available", description: "" };
}

/**
 * The HTTP calls around the chat room (chat spec): kick and ban, the admin's chat
 * stats and wipe, the build version. The room's own events are in `chat.ts`.
 */
export function chatRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  route(CHAT_ROUTES.buildVersion, async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return buildVersion(ctx);
  });

  route(CHAT_ROUTES.kick, async (request) =>
    kickFromChat(ctx, requireActor(request), request.body),
  );
  route(CHAT_ROUTES.ban, async (request) => banFromChat(ctx, requireActor(request), request.body));

  route(CHAT_ROUTES.stats, async () => ({ last24h: await chatMessagesLast24h(ctx.db) }));
  route(CHAT_ROUTES.clear, async () => {
    const deleted = await wipeChat(ctx.db);
    ctx.realtime.publish(
      CHAT_SERVER_EVENTS.wiped,
      { deleted },
      { all: true, namespace: CHAT_NAMESPACE },
    );
    return { deleted };
  });
}
