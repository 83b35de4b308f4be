import { type NotificationView, USER_EVENTS } from "@airwave/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildTicket } from "../../../test/factories/tickets.ts";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
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

const signedIn = (build: typeof buildUser) => signInMember(t, build);

const socketFor = (agent: Agent) =>
  memberSocket(baseUrl, `aw_sid=${agent.cookie("aw_sid")}`, sockets);

describe("live ticket replies", () => {
  it("pushes an admin's reply to the owner's connected socket as a ticket notification", async () => {
    const owner = await signedIn(buildUser);
    const admin = await signedIn(buildAdmin);
    const ticket = await buildTicket(t.ctx.db, owner.user.id);
    const socket = await socketFor(owner.agent);
    const received = new Promise<NotificationView>((resolve) =>
      socket.once(USER_EVENTS.notification, resolve),
    );

    const res = await admin.agent.post(`/api/auth/tickets/${ticket.id}/messages`, {
      content: "We are on it.",
    });
    expect(res.statusCode).toBe(201);
    expect(await received).toMatchObject({
      type: "ticket",
      from: admin.user.username,
      meta: { ticketId: ticket.id },
    });
  });
});
