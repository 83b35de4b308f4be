import { CSRF_HEADER, HTTP_MESSAGES } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../test/agent.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { countRows } from "../../test/db.ts";
import { users } from "./identity/users.schema.ts";

const SECRET_DETAIL = "database password is hunter2";
const SECRET_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$secret-hash";
const logged: unknown[][] = [];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.get("/test/boom", async () => {
          throw new Error(SECRET_DETAIL);
        });
        // A query that fails unexpectedly with a secret among its parameters (a duplicate id).
        app.get("/test/db-boom", async () => {
          const row = { username: "dup", email: "dup@example.com", passwordHash: SECRET_HASH };
          await t.ctx.db.insert(users).values({ id: "dup-id", ...row });
          await t.ctx.db
            .insert(users)
            .values({ id: "dup-id", ...row, username: "dup2", email: "d2@example.com" });
        });
        app.addHook("onRequest", async (request) => {
          const error = request.log.error.bind(request.log);
          request.log.error = ((...args: Parameters<typeof error>) => {
            logged.push(args);
            return error(...args);
          }) as typeof request.log.error;
        });
      },
    },
  );
});
afterAll(() => t.close());

async function postRaw(payload: string | Buffer, contentType: string) {
  const agent = new Agent(t.app);
  const token = await agent.csrfToken();
  return agent.request("POST", "/api/auth/register", {
    body: payload,
    headers: { [CSRF_HEADER]: token, "content-type": contentType },
  });
}

describe("error answers", () => {
  it("an unexpected error answers 500 with the generic message, a request id, and no details", async () => {
    const res = await t.app.inject({ method: "GET", url: "/test/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.internal, requestId: expect.any(String) });
    expect(res.body).not.toContain(SECRET_DETAIL);
    expect(res.body).not.toMatch(/errors\.test\.ts|\bat\s/);
  });

  it("a query failing unexpectedly answers 500 and its parameters (a password hash) are never logged", async () => {
    logged.length = 0;
    const res = await t.app.inject({ method: "GET", url: "/test/db-boom" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(SECRET_HASH);
    expect(logged).toHaveLength(1);
    const [entry] = logged[0] as [{ err: Error }];
    expect(entry.err.message).toContain("Failed query: insert into");
    const text = JSON.stringify(logged, (_k, v) =>
      v instanceof Error ? { ...v, message: v.message, stack: v.stack, cause: v.cause } : v,
    );
    expect(text).not.toContain(SECRET_HASH);
    expect(text).not.toContain("dup@example.com");
  });

  it("a malformed JSON body answers 400 { message } and writes nothing", async () => {
    const before = await countRows(t.ctx.db, users);
    const res = await postRaw('{"username": "broken", ', "application/json");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.invalidInput });
    expect(await countRows(t.ctx.db, users)).toBe(before);
  });

  it("a body over the limit answers 413 { message }", async () => {
    const res = await postRaw(
      JSON.stringify({ username: "x".repeat(1024 * 1024) }),
      "application/json",
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.requestTooLarge });
  });

  it("an unsupported content type answers 415 { message }", async () => {
    const res = await postRaw("<user/>", "application/xml");
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.unsupportedContentType });
  });
});
