import {
  ANNOUNCEMENT_SERVER_EVENTS,
  type ChatMessageView,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { type FakeSocket, fakeSocket } from "../../effects/testing/fake-socket.ts";
import { chatMessage } from "../test-utils.ts";
import { defineRoomFeature } from "./feature.ts";
import { ChatRoomClient } from "./host.ts";
import { privateMessagesFeature } from "./messages.ts";

/** A feature from outside the chat's core, as points or games would add one. */
interface TallySlots {
  tally: { count: number; last: string | null; by: string[] };
}
const tallyFeature = defineRoomFeature<TallySlots>({
  name: "tally",
  start: () => ({
    initial: { tally: { count: 0, last: null, by: [] } },
    on: {
      [OUT.message]: (s, payload) => {
        expectTypeOf(payload).toEqualTypeOf<ChatMessageView>();
        return { tally: { ...s.tally, count: s.tally.count + 1, last: payload.message } };
      },
      [OUT.userDisconnected]: (s, payload, room) => {
        room.emit(IN.presencePing, { at: 1 });
        room.later(1_000, (later) => ({ tally: { ...later.tally, by: [] } }));
        return { tally: { ...s.tally, by: [...s.tally.by, payload.username] } };
      },
    },
  }),
});

let socket: FakeSocket;
let client: ChatRoomClient<readonly [typeof privateMessagesFeature, typeof tallyFeature]>;

async function join() {
  socket = fakeSocket();
  client = new ChatRoomClient([privateMessagesFeature, tallyFeature] as const, async () => socket);
  client.connect();
  await vi.waitFor(() => expect(client.getState().status).toBe("connected"));
}

afterEach(() => {
  client.dispose();
  vi.useRealTimers();
});

describe("the chat room's host", () => {
  it("hands a feature's events to its reducer, which updates its slot beside the others'", async () => {
    await join();
    expectTypeOf(client.getState().tally).toEqualTypeOf<TallySlots["tally"]>();
    expectTypeOf(client.getState().messages).toEqualTypeOf<ChatMessageView[]>();
    expect(client.getState().tally).toEqual({ count: 0, last: null, by: [] });
    socket.serverSends(OUT.message, chatMessage({ _id: "a", message: "first" }));
    socket.serverSends(OUT.message, chatMessage({ _id: "b", message: "second" }));
    expect(client.getState().tally).toMatchObject({ count: 2, last: "second" });
    // The chat's own feature reduced the same events into its slots.
    expect(client.getState().messages.map((m) => m._id)).toEqual(["a", "b"]);
    expect(client.read(tallyFeature).tally.count).toBe(2);
  });

  it("lets a reducer send and change its slots later, and stops the later change once closed", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await join();
    socket.serverSends(OUT.userDisconnected, { userId: "u-bob", username: "bob" });
    expect(client.getState().tally.by).toEqual(["bob"]);
    expect(socket.emit).toHaveBeenCalledWith(IN.presencePing, { at: 1 });
    vi.advanceTimersByTime(1_000);
    expect(client.getState().tally.by).toEqual([]);
    socket.serverSends(OUT.userDisconnected, { userId: "u-bob", username: "bob" });
    const state = client.getState();
    client.dispose();
    vi.advanceTimersByTime(1_000);
    expect(client.getState()).toBe(state);
  });

  it("tells the listeners after the reducers, and only while they listen", async () => {
    await join();
    const seen: [string, number][] = [];
    const stop = client.on(OUT.message, (payload) =>
      seen.push([payload._id, client.getState().tally.count]),
    );
    socket.serverSends(OUT.message, chatMessage({ _id: "a" }));
    stop();
    socket.serverSends(OUT.message, chatMessage({ _id: "b" }));
    expect(seen).toEqual([["a", 1]]);
  });

  it("listens on the socket to the events its features reduce, and to others when asked", async () => {
    await join();
    expect(socket.listeners(OUT.message)).toBe(1);
    expect(socket.listeners(ANNOUNCEMENT_SERVER_EVENTS.announcement)).toBe(0);
    const heard: unknown[] = [];
    client.on(ANNOUNCEMENT_SERVER_EVENTS.announcement, (payload) => heard.push(payload));
    client.on(ANNOUNCEMENT_SERVER_EVENTS.announcement, (payload) => heard.push(payload));
    expect(socket.listeners(ANNOUNCEMENT_SERVER_EVENTS.announcement)).toBe(1);
    socket.serverSends(ANNOUNCEMENT_SERVER_EVENTS.announcement, {
      title: "t",
      message: "m",
      from: "a",
      at: "",
    });
    expect(heard).toHaveLength(2);
  });

  it("keeps its state when no reducer changed anything", async () => {
    await join();
    const listener = vi.fn();
    client.subscribe(listener);
    const state = client.getState();
    socket.serverSends(OUT.system, { type: "system", message: "" });
    socket.serverSends("connect");
    expect(client.getState()).toBe(state);
    expect(listener).not.toHaveBeenCalled();
  });

  it("says connected when the socket comes already connected, refused when the server says no", async () => {
    await join();
    const connects = vi.fn();
    const late = new ChatRoomClient([privateMessagesFeature] as const, async () => fakeSocket());
    late.on("connect", connects);
    late.connect();
    await vi.waitFor(() => expect(connects).toHaveBeenCalledTimes(1));
    expect(late.getState().status).toBe("connected");
    late.dispose();

    const refusing = { ...fakeSocket(), connected: false, active: false };
    const refused = new ChatRoomClient([privateMessagesFeature] as const, async () => refusing);
    refused.connect();
    await vi.waitFor(() => expect(refusing.on).toHaveBeenCalled());
    refusing.serverSends("connect_error", new Error("no session"));
    expect(refused.getState().status).toBe("refused");
    expect(refused.connectError).toBe("no session");
    refused.dispose();

    // A network failure: disconnected (retried), and why is kept for 'Initialization Error'.
    const unreachable = { ...fakeSocket(), connected: false, active: true };
    const failing = new ChatRoomClient([privateMessagesFeature] as const, async () => unreachable);
    expect(failing.connectError).toBeNull();
    failing.connect();
    await vi.waitFor(() => expect(unreachable.on).toHaveBeenCalled());
    unreachable.serverSends("connect_error", new Error("websocket error"));
    expect(failing.getState().status).toBe("disconnected");
    expect(failing.connectError).toBe("websocket error");
    failing.dispose();
  });

  it("refuses two features that claim the same slot, and a feature it does not run", () => {
    const copy = defineRoomFeature<TallySlots>({ ...tallyFeature, name: "copy" });
    expect(
      () => new ChatRoomClient([tallyFeature, copy] as const, async () => fakeSocket()),
    ).toThrow('Room feature "copy" declares slot "tally", already tally\'s');
    const alone = new ChatRoomClient([privateMessagesFeature] as const, async () => fakeSocket());
    expect(() => alone.read(tallyFeature)).toThrow('Room feature "tally" is not in this room');
  });
});
