import { ADMIN_ROUTES, CSRF_HEADER, TICKETS_ROUTES } from "@airwave/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, fakeApi } from "../features/notifications/testing/fake-api.ts";
import { ApiError, call, resetCsrfToken } from "./api.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  resetCsrfToken();
});

describe("call: a declared route through the one fetch wrapper", () => {
  it("sends the declared method to the path with its parameters escaped, with the CSRF token", async () => {
    const fetchMock = fakeApi({
      "POST /api/auth/tickets/t%2F1/messages": ({ body }) => ({ status: 201, body }),
    });
    const answer = await call(TICKETS_ROUTES.reply, {
      params: { id: "t/1" },
      body: { content: "Hello" },
    });
    expect(answer).toEqual({ content: "Hello" });
    const [sent] = callsTo(fetchMock, "POST /api/auth/tickets/t%2F1/messages");
    expect(sent?.body).toEqual({ content: "Hello" });
    const init = fetchMock.mock.calls.find(([u]) => String(u).includes("/tickets/"))?.[1];
    expect((init?.headers ?? {}) as Record<string, string>).toMatchObject({ [CSRF_HEADER]: "t" });
    expect(init?.credentials).toBe("include");
  });

  it("puts the query in the address, leaving out what is undefined", async () => {
    const fetchMock = fakeApi({
      "GET /api/auth/admin/users": () => ({ body: { users: [], total: 0, page: 2, pageSize: 20 } }),
    });
    await call(ADMIN_ROUTES.users, { query: { page: 2, search: undefined } });
    const [sent] = callsTo(fetchMock, "GET /api/auth/admin/users");
    expect(sent?.method).toBe("GET");
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toEqual({ page: "2" });
  });

  it("turns a refusal into an ApiError with the server's message", async () => {
    fakeApi({
      "GET /api/auth/getAllTickets": () => ({ status: 403, body: { message: "No" } }),
    });
    const failure = call(TICKETS_ROUTES.all);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 403, message: "No" });
  });
});
