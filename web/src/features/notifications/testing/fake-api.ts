import { vi } from "vitest";

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}
export type FakeRoute = (req: { url: URL; body: unknown }) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Replaces `fetch` with a table of "METHOD /path" answers (the CSRF token route is built in);
 * anything else answers 404. Returns the mock to assert on calls.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init.method ?? "GET"} ${url.pathname}`;
    const route: FakeRoute | undefined =
      routes[key] ??
      (key === "GET /api/auth/authRequest" ? () => ({ body: { csrfToken: "t" } }) : undefined);
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const answer = route ? await route({ url, body }) : { status: 404, body: { message: "nope" } };
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** The calls made to one "METHOD /path", with their JSON bodies and query strings. */
export function callsTo(fn: ReturnType<typeof fakeApi>, key: string) {
  return fn.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), "http://localhost"),
      method: init?.method ?? "GET",
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    }))
    .filter((c) => `${c.method} ${c.url.pathname}` === key);
}
