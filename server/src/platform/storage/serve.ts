import { UPLOAD_MESSAGES } from "@airwave/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { AppError, notFound } from "../errors.ts";

/**
 * One `Range: bytes=...` range against a size: the bytes to serve, "unsatisfiable", or null to serve
 * the whole file (no header, a malformed one, or several ranges, which RFC 9110 lets us ignore).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/**
 * Sends a stored object with byte ranges (206 and `Content-Range` for one satisfiable range, 416 for
 * an unsatisfiable one, the whole file otherwise), and `headers` besides (caching, disposition).
 * 404 when there is no such object.
 */
export async function sendStoredObject(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  headers: Record<string, string>,
) {
  const head = await ctx.storage.head(key);
  if (!head) throw notFound();

  const range = parseRange(request.headers.range, head.size);
  if (range === "unsatisfiable") {
    const contentRange = { "Content-Range": `bytes */${head.size}` };
    throw new AppError(416, UPLOAD_MESSAGES.rangeNotSatisfiable, {}, contentRange);
  }

  reply
    .header("Content-Type", head.contentType)
    .header("X-Content-Type-Options", "nosniff")
    .header("Accept-Ranges", "bytes");
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  if (range) {
    reply
      .status(206)
      .header("Content-Range", `bytes ${range.start}-${range.end}/${head.size}`)
      .header("Content-Length", String(range.end - range.start + 1));
  } else {
    reply.header("Content-Length", String(head.size));
  }
  if (request.method === "HEAD") return reply.send();

  const object = await ctx.storage.get(key, range ?? undefined);
  if (!object) {
    // Deleted since `head`: answer like any missing file.
    reply.removeHeader("Content-Type").removeHeader("Content-Length");
    for (const name of Object.keys(headers)) reply.removeHeader(name);
    throw notFound();
  }
  return reply.send(object.stream);
}
