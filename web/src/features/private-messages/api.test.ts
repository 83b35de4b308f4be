import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, fakeApi } from "../notifications/testing/fake-api.ts";
import { conversationIdOf, inboxApi } from "./api.ts";

afterEach(() => vi.unstubAllGlobals());

const convo = {
  _id: "c 1",
  participants: [],
  lastMessage: null,
  isGroup: false,
  unreadCount: 0,
  unread: 0,
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("inboxApi", () => {
  it("calls every /pm route with its method, body and query, under /api/auth", async () => {
    const message = {
      _id: "m1",
      conversationId: "c 1",
      body: "hi",
      sender: "u-me",
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    const fetchMock = fakeApi({
      "GET /api/auth/pm/conversations": () => ({ body: { conversations: [convo] } }),
      "POST /api/auth/pm/conversations": () => ({
        body: { conversationId: "c 1", conversation: convo },
      }),
      "GET /api/auth/pm/conversations/c%201/messages": () => ({
        body: { messages: [message], hasMore: false },
      }),
      "POST /api/auth/pm/conversations/c%201/messages": () => ({ body: message }),
      "POST /api/auth/pm/conversations/c%201/read": () => ({ body: { ok: true, unreadCount: 0 } }),
      "POST /api/auth/pm/conversations/c%201/delete": () => ({
        body: { ok: true, deleted: false },
      }),
      "POST /api/auth/pm/conversations/c%201/leave": () => ({ body: { ok: true } }),
      "GET /api/auth/pm/unread/total": () => ({ body: { total: 7 } }),
    });

    expect(await inboxApi.conversations()).toEqual([convo]);
    expect((await inboxApi.start({ userId: "u-bob" })).conversationId).toBe("c 1");
    await inboxApi.start({ userIds: ["u-bob", "u-carol"] });
    expect(callsTo(fetchMock, "POST /api/auth/pm/conversations").map((c) => c.body)).toEqual([
      { userId: "u-bob" },
      { userIds: ["u-bob", "u-carol"] },
    ]);

    expect(await inboxApi.messages("c 1")).toEqual({ messages: [message], hasMore: false });
    await inboxApi.messages("c 1", {
      limit: 40,
      before: new Date("2026-01-02T03:04:05.006Z"),
      beforeId: "m9",
    });
    await inboxApi.messages("c 1", { limit: 30, before: "2026-01-01T00:00:00.000Z" });
    const queries = callsTo(fetchMock, "GET /api/auth/pm/conversations/c%201/messages").map((c) =>
      Object.fromEntries(c.url.searchParams),
    );
    expect(queries).toEqual([
      {},
      { limit: "40", before: "2026-01-02T03:04:05.006Z", beforeId: "m9" },
      { limit: "30", before: "2026-01-01T00:00:00.000Z" },
    ]);

    expect(await inboxApi.send("c 1", "hi")).toEqual(message);
    expect(
      callsTo(fetchMock, "POST /api/auth/pm/conversations/c%201/messages").map((c) => c.body),
    ).toEqual([{ body: "hi" }]);
    expect(await inboxApi.markRead("c 1")).toEqual({ ok: true, unreadCount: 0 });
    expect(await inboxApi.archive("c 1")).toEqual({ ok: true, deleted: false });
    expect(await inboxApi.leave("c 1")).toEqual({ ok: true });
    expect(await inboxApi.unreadTotal()).toBe(7);

    // Every state-changing call carried the CSRF token.
    for (const [, init] of fetchMock.mock.calls) {
      if (init?.method === "POST") expect(init.headers).toMatchObject({ "x-csrf-token": "t" });
    }
  });

  it("turns a refusal into an ApiError with the server's message", async () => {
    fakeApi({
      "POST /api/auth/pm/conversations": () => ({
        status: 403,
        body: { message: "You cannot message this member." },
      }),
    });
    await expect(inboxApi.start({ userId: "u-x" })).rejects.toMatchObject({
      status: 403,
      message: "You cannot message this member.",
    });
  });
});

describe("conversationIdOf", () => {
  it("reads conversationId, else the conversation's id, else the answer's own id", () => {
    expect(conversationIdOf({ conversationId: "a", conversation: { ...convo, _id: "b" } })).toBe(
      "a",
    );
    expect(conversationIdOf({ conversation: { ...convo, _id: "b" } })).toBe("b");
    expect(conversationIdOf({ _id: "c" })).toBe("c");
    expect(conversationIdOf({ id: "d" })).toBe("d");
    expect(conversationIdOf({})).toBeNull();
  });
});
