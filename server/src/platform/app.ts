import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import {
  HTTP_MESSAGES,
  normalizePath,
  PATHS,
  PLATFORM_ROUTES,
  UPLOAD_LIMITS,
} from "@airwave/contracts";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { AppContext } from "./context.ts";
import { installErrorHandler } from "./errors.ts";
import { installHealthRoutes } from "./health.ts";
import { installDeclaredRoutes, routeRegistrar } from "./http/declared-routes.ts";
import { openApiDocument } from "./http/openapi.ts";
import { installRequestAuth } from "./http/request-auth.ts";
import { RequestLog } from "./http/request-log.ts";
import { installSecurityHeaders } from "./http/security-headers.ts";
import {
  HOME_HTML,
  installCompression,
  installWebAssets,
  REVALIDATE_CACHE,
} from "./http/web-assets.ts";
import type { JobRunner } from "./jobs/index.ts";
import { closeRedis } from "./redis.ts";
import { webDistDir } from "./web-dist.ts";

/**
 * Content security policy the built app passes: everything from our own origin; MUI's inline styles;
 * GIF images from GIPHY's CDN and the configured GIPHY origin (decisions, "Media").
 */
const csp = (config: AppContext["config"]) => ({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: [
      "'self'",
      "data:",
      "blob:",
      "https://*.giphy.com",
      new URL(config.GIPHY_API_URL).origin,
    ],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    // The radio plays the public stream URL (the bundled station's listener relay, or another).
    mediaSrc: ["'self'", ...radioOrigins(config)],
    // Music-link players embedded in posts (decisions, "Social": SoundCloud, Mixcloud, YouTube).
    frameSrc: [
      "https://w.soundcloud.com",
      "https://player-widget.mixcloud.com",
      "https://www.youtube-nocookie.com",
    ],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
});

/**
 * Where the stream may come from: the public stream URL (RADIO_STREAM_URL or the listener relay)
 * and an existing station's host (RADIO_NOWPLAYING_URL: its own listen_url).
 */
function radioOrigins(config: AppContext["config"]): string[] {
  const urls = [config.radioStreamUrl, config.RADIO_NOWPLAYING_URL].filter((u): u is string =>
    Boolean(u),
  );
  return [...new Set(urls.map((u) => new URL(u).origin))];
}

export interface BuildAppOptions {
  /** Registers the features' routes (the composition root's part), after the platform's own hooks. */
  routes?: (app: FastifyInstance) => void;
  /** Runs on the new instance before any hook or route is added (tests collect routes with `onRoute`). */
  configure?: (app: FastifyInstance) => void;
  /** Background jobs (platform/jobs; the list is server/src/jobs.ts): started on ready, stopped on close. */
  jobs?: JobRunner;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the first n hops" (Fastify's meaning). */
function fastifyTrustProxy(value: AppContext["config"]["TRUST_PROXY"]) {
  return typeof value === "number" ? (_address: string, hop: number) => hop < value : value;
}

export async function buildPlatformApp(
  ctx: AppContext,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: fastifyTrustProxy(ctx.config.TRUST_PROXY),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // One line per request (http/request-log.ts).
    logController: new RequestLog(),
  });
  options.configure?.(app);
  ctx.realtime.attach(app.server);

  installErrorHandler(app);
  installDeclaredRoutes(app);
  await app.register(fastifyCookie);
  await installCompression(app);
  installSecurityHeaders(app, {
    contentSecurityPolicy: csp(ctx.config),
    crossOriginEmbedderPolicy: false,
  });
  // Multipart bodies are read only by routes that ask (`features/uploads/multipart.ts`), which set
  // their own limits; these are the defaults.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: UPLOAD_LIMITS.imageMaxBytes,
      fields: UPLOAD_LIMITS.fieldsMax,
      fieldSize: UPLOAD_LIMITS.fieldMaxBytes,
    },
  });
  installRequestAuth(app, ctx);
  // Jobs: started once the app is ready, stopped (waiting for a run in progress) on close.
  const { jobs } = options;
  if (jobs) {
    app.addHook("onReady", () => jobs.start());
    app.addHook("onClose", () => jobs.stop());
  }

  // The features' services (ctx.services): started once the app is ready, stopped on close.
  app.addHook("onReady", () => ctx.services.start());
  app.addHook("onClose", () => ctx.services.stop());
  // Redis last: the services' and the sockets' last words may still go through it.
  app.addHook("onClose", async () => {
    if (ctx.redis) await closeRedis(ctx.redis);
  });

  const route = routeRegistrar(app, ctx);
  installHealthRoutes(ctx, route);
  // Built once, on the first call: every feature has declared its routes by then.
  let openApi: ReturnType<typeof openApiDocument> | undefined;
  route(PLATFORM_ROUTES.openApi, async () => {
    openApi ??= openApiDocument(app.declaredRoutes);
    return openApi;
  });
  options.routes?.(app);
  // Before the HTTP server closes: it waits for open connections, and sockets would keep it open.
  // Closing Socket.IO also closes the HTTP server and waits for its connections, so it comes after
  // the features' own preClose hooks (those end answers that never end by themselves: the radio relay).
  app.addHook("preClose", async () => {
    await ctx.realtime.close();
  });

  const webDist = webDistDir(ctx.config);
  const hasWeb = existsSync(path.join(webDist, "index.html"));
  // /home's own first view (its hero, from the HTML: web/vite.config.ts homeFirstView), when built.
  const hasHome = existsSync(path.join(webDist, HOME_HTML));
  if (hasWeb) {
    await installWebAssets(app, webDist);
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === "/api" || request.url.startsWith("/api/");
    if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
      // History fallback: the client router decides (unknown paths show its 404 page).
      return reply
        .type("text/html")
        .header("Cache-Control", REVALIDATE_CACHE)
        .sendFile(
          hasHome && normalizePath(request.url.split("?")[0] ?? "") === PATHS.home
            ? HOME_HTML
            : "index.html",
        );
    }
    return reply.status(404).send({ message: HTTP_MESSAGES.notFound });
  });

  return app;
}
