import { POINTS_UI_TEXTS as P, POINTS_API, POINTS_SERVER_EVENTS } from "@airwave/contracts";
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, me, mockFetch } from "../../test/fake-session.tsx";
import { renderInRoom } from "../chat/room/testing.tsx";
import { chatUser } from "../chat/test-utils.ts";
import { MyPoints } from "./MyPoints.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** MyPoints in a joined room; the room's list carries the member with `roomPoints`. */
const inRoom = (roomPoints: number) =>
  renderInRoom(<MyPoints meId={me._id} />, [
    chatUser(me._id, me.username, { points: roomPoints }),
    chatUser("u-bob", "bob"),
  ]);

describe("MyPoints", () => {
  it("shows the member's points from GET /me/points, then each change the server pushes", async () => {
    mockFetch(({ path }) => (path === POINTS_API.myPoints ? json({ points: 12 }) : json({}, 404)));
    const { socket, client } = await inRoom(3);
    expect(await screen.findByText(P.myPoints(12))).toBeVisible();
    expect(screen.getByLabelText(P.myPointsLabel(12))).toBeVisible();

    act(() => socket.serverSends(POINTS_SERVER_EVENTS.changed, { points: 22 }));
    expect(await screen.findByText(P.myPoints(22))).toBeVisible();
    act(() => socket.serverSends(POINTS_SERVER_EVENTS.changed, { points: 1 }));
    expect(await screen.findByText(P.myPoints(1))).toBeVisible();
    client.dispose();
  });

  it("shows the points the room carries for the member when GET /me/points fails", async () => {
    mockFetch(() => json({ message: "down" }, 500));
    const { client } = await inRoom(7);
    expect(await screen.findByText(P.myPoints(7))).toBeVisible();
    client.dispose();
  });
});
