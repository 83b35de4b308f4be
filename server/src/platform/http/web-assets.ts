import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** How long a browser or proxy keeps a hashed asset (`/assets/*`: a new build has new names). */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** Everything else of the web app (index.html, the SPA's routes, favicon): asked again each time. */
export const REVALIDATE_CACHE = "no-cache";
/** The page /home is answered with (web/scripts/precompressed.mjs HOME_HTML): its hero in the HTML. */
export const HOME_HTML = "home.html";
/** Answers smaller than this (bytes) are sent as they are: compressing them saves no round trip. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * What the app compresses on the fly: JSON, text and SVG. Not images, audio or video (compressed
 * already; the MP3s' byte ranges stay exact), not `application/octet-stream` (@fastify/compress's
 * default list has it: stored files of unknown type), not Server-Sent Events.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)|\+json(?:;|$)/;

/**
 * Compression of the app's answers (docs/operating.md "Deploying", caching and compression): brotli or gzip by
 * the request's Accept-Encoding, for the types above from COMPRESS_THRESHOLD bytes on (a stream, a
 * file, is compressed whatever its size). Partial answers (206, Content-Range) and answers that
 * already have a Content-Encoding (the precompressed assets) pass untouched. Socket.IO does not go
 * through Fastify. Registered before the routes: @fastify/compress hooks each route as it is added.
 */
export async function installCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ["br", "gzip"],
    customTypes: COMPRESSIBLE,
  });
}

/**
 * The built web app (web/dist): the hashed assets' brotli or gzip copies written at build
 * (`<file>.br`, `<file>.gz`) sent by Accept-Encoding with `Vary: Accept-Encoding`, and cached for
 * a year; index.html and every other file revalidated on each load (`no-cache`, with ETag).
 */
export async function installWebAssets(app: FastifyInstance, webDist: string) {
  const assets = path.join(webDist, "assets") + path.sep;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, file) => {
      reply.header("Cache-Control", file.startsWith(assets) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });
}
