import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance } from "fastify";
import { safeParse } from "zod/v4/core";

/**
 * The answers of the server tests, checked against the routes' declared answer schemas: every
 * successful JSON answer of a declared route (the ones PostgreSQL builds as JSON text included)
 * must parse, and parse to itself: a field the schema does not declare is reported, not dropped.
 * The test app's `close()` fails with the list (`test/app.ts`).
 */
export function checkAnswers(app: FastifyInstance): string[] {
  const problems: string[] = [];
  app.addHook("onSend", async (request, reply, payload) => {
    const declaration = request.routeOptions.config.declaration;
    const type = String(reply.getHeader("content-type") ?? "");
    if (!declaration || reply.statusCode >= 300 || !type.startsWith("application/json")) return;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return;
    const where = `${declaration.id} (${request.method} ${request.url})`;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString());
    } catch {
      problems.push(`${where}: the answer is not JSON`);
      return;
    }
    const result = safeParse(declaration.response, body);
    if (!result.success) {
      const issues = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
      problems.push(
        `${where}: ${issues.slice(0, 5).join("; ")} in ${payload.toString().slice(0, 300)}`,
      );
    } else {
      const parsed = JSON.parse(JSON.stringify(result.data));
      if (!isDeepStrictEqual(parsed, body)) {
        problems.push(`${where}: ${firstDifference(body, parsed, "answer")} is not declared`);
      }
    }
  });
  return problems;
}

/** Where the answer and what its schema kept of it first differ (a field the schema dropped). */
function firstDifference(sent: unknown, kept: unknown, path: string): string {
  if (typeof sent === "object" && sent !== null && typeof kept === "object" && kept !== null) {
    for (const key of Object.keys(sent)) {
      const a = (sent as Record<string, unknown>)[key];
      const b = (kept as Record<string, unknown>)[key];
      if (!isDeepStrictEqual(a, b)) return firstDifference(a, b, `${path}.${key}`);
    }
  }
  return `${path} (${JSON.stringify(sent)?.slice(0, 80)})`;
}
