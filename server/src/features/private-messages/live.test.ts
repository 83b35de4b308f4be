import { type PmMessageEvent, USER_EVENTS } from "@airwave/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { signInMember } from "../../../test/members.ts";
import { memberSocket } from "../../../test/sockets.ts";

let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const signedIn = () => signInMember(t);

const socketOf = (agent: Agent) =>
  memberSocket(baseUrl, `aw_sid=${agent.cookie("aw_sid")}`, sockets);

describe("live private messages", () => {
  it("pushes a sent message to every participant's socket, and to nobody else", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const outsider = await signedIn();
    const started = await a.agent.post("/api/auth/pm/conversations", { userId: b.user.id });
    const conversationId = started.json().conversationId as string;

    const [bSocket, aSocket, outsiderSocket] = await Promise.all([
      socketOf(b.agent),
      socketOf(a.agent),
      socketOf(outsider.agent),
    ]);
    const leaked: PmMessageEvent[] = [];
    outsiderSocket.on(USER_EVENTS.pmMessage, (e: PmMessageEvent) => leaked.push(e));
    const toB = new Promise<PmMessageEvent>((resolve) =>
      bSocket.once(USER_EVENTS.pmMessage, resolve),
    );
    const toA = new Promise<PmMessageEvent>((resolve) =>
      aSocket.once(USER_EVENTS.pmMessage, resolve),
    );

    const res = await a.agent.post(`/api/auth/pm/conversations/${conversationId}/messages`, {
      body: "Live from the booth",
    });
    expect(res.statusCode).toBe(200);
    const expected: PmMessageEvent = { conversationId, message: res.json() };
    expect(await toB).toEqual(expected);
    expect(await toA).toEqual(expected);
    expect(expected.message).toMatchObject({ body: "Live from the booth", sender: a.user.id });
    // Same server, same emit: by the time the participants got it, the outsider would have too.
    expect(leaked).toEqual([]);
  });

  it("pushes the message notification live to the recipient on the first unread message", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const started = await a.agent.post("/api/auth/pm/conversations", { userId: b.user.id });
    const conversationId = started.json().conversationId as string;
    const bSocket = await socketOf(b.agent);
    const note = new Promise<{ type: string; fromId: string | null }>((resolve) =>
      bSocket.once(USER_EVENTS.notification, resolve),
    );
    await a.agent.post(`/api/auth/pm/conversations/${conversationId}/messages`, { body: "hi" });
    expect(await note).toMatchObject({ type: "message", fromId: a.user.id });
  });
});
