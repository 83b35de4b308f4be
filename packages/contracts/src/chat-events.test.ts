import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { CHAT_CLIENT_EVENTS, CHAT_SERVER_EVENTS } from "./chat.ts";
import {
  ANNOUNCEMENT_CLIENT_EVENTS,
  type ANNOUNCEMENT_CLIENT_SCHEMAS,
  type ANNOUNCEMENT_SERVER_EVENTS,
  type Announcement,
} from "./chat-announcements.ts";
import {
  CHAT_CLIENT_SCHEMAS,
  type ChatClientEvent,
  type ChatClientEventPayloads,
  type ChatClientEventsIn,
  type ChatServerEvent,
  type ChatServerEventPayloads,
  type ChatServerToClientEvents,
  chatClientSchemasIn,
  defineChatClientSchemas,
} from "./chat-events.ts";
import { CHAT_PM_CLIENT_EVENTS, CHAT_PM_CLIENT_SCHEMAS } from "./chat-pm.ts";
import * as contracts from "./index.ts";
import {
  BROADCAST_EVENTS,
  MAIN_SERVER_EVENTS,
  type MainServerEvent,
  type MainServerEventPayloads,
} from "./realtime.ts";
import { TRACK_ID_CLIENT_EVENTS, type TRACK_ID_SERVER_EVENTS } from "./track-id.ts";

const schemas = chatClientSchemasIn(contracts);

describe("the chat namespace's event maps", () => {
  it("type the room's own events and the ones features add from their own files", () => {
    expectTypeOf<ChatServerEventPayloads[typeof TRACK_ID_SERVER_EVENTS.error]>().toEqualTypeOf<{
      message: string;
    }>();
    expectTypeOf<
      ChatServerEventPayloads[typeof ANNOUNCEMENT_SERVER_EVENTS.announcement]
    >().toEqualTypeOf<Announcement>();
    expectTypeOf<ChatServerToClientEvents["chat-error"]>().parameter(0).toEqualTypeOf<{
      event: string;
      message: string;
    }>();
    expectTypeOf<typeof CHAT_PM_CLIENT_EVENTS.send>().toExtend<ChatClientEvent>();
    expectTypeOf<
      (typeof CHAT_SERVER_EVENTS)[keyof typeof CHAT_SERVER_EVENTS]
    >().toExtend<ChatServerEvent>();
    // The theme settings are a broadcast of the main namespace, not a room event.
    expectTypeOf<typeof BROADCAST_EVENTS.themeSettingsUpdated>().not.toExtend<ChatServerEvent>();
  });

  it("give every client event of the map exactly one schema, declared in the contracts", () => {
    expectTypeOf<ChatClientEventsIn<typeof contracts>>().toEqualTypeOf<ChatClientEvent>();
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining([
        ...Object.values(CHAT_CLIENT_EVENTS),
        ...Object.values(ANNOUNCEMENT_CLIENT_EVENTS),
        ...Object.values(CHAT_PM_CLIENT_EVENTS),
        ...Object.values(TRACK_ID_CLIENT_EVENTS),
      ]),
    );
    expect(schemas[CHAT_PM_CLIENT_EVENTS.send]).toBe(CHAT_PM_CLIENT_SCHEMAS["private-message"]);
    expect(schemas[CHAT_CLIENT_EVENTS.message]).toBe(CHAT_CLIENT_SCHEMAS["chat-message"]);
  });

  it("check a feature's schemas against the map where it declares them", () => {
    expectTypeOf<ChatClientEventPayloads["chat-message"]>().toExtend<
      z.input<(typeof CHAT_CLIENT_SCHEMAS)["chat-message"]>
    >();
    expectTypeOf<ChatClientEventPayloads["admin-announcement"]>().toExtend<
      z.input<(typeof ANNOUNCEMENT_CLIENT_SCHEMAS)["admin-announcement"]>
    >();
    // @ts-expect-error: not a client event of the room.
    defineChatClientSchemas({ "no-such-event": CHAT_CLIENT_SCHEMAS["chat-like"] });
    // @ts-expect-error: a chat message does not pass the schema of a like.
    defineChatClientSchemas({ "chat-message": CHAT_CLIENT_SCHEMAS["chat-like"] });
  });

  it("refuse to gather one event declared twice", () => {
    const twice = defineChatClientSchemas({ "chat-like": CHAT_CLIENT_SCHEMAS["chat-like"] });
    expect(() => chatClientSchemasIn({ ...contracts, twice })).toThrow(/chat-like/);
  });

  it("ignore the payload of the events that carry nothing the server reads", () => {
    for (const event of [
      TRACK_ID_CLIENT_EVENTS.request,
      ANNOUNCEMENT_CLIENT_EVENTS.getLast,
      CHAT_CLIENT_EVENTS.presencePing,
    ]) {
      expect(schemas[event]?.safeParse({ at: 1 }).success).toBe(true);
      expect(schemas[event]?.safeParse(undefined).success).toBe(true);
    }
  });

  it("refuse a bad message payload with a message", () => {
    const result = CHAT_CLIENT_SCHEMAS[CHAT_CLIENT_EVENTS.message].safeParse({ message: 42 });
    expect(result.success).toBe(false);
  });
});

describe("the main namespace's event map", () => {
  it("types every user, broadcast and radio event, the theme settings among the broadcasts", () => {
    expectTypeOf<keyof MainServerEventPayloads>().toEqualTypeOf<MainServerEvent>();
    expect(new Set(MAIN_SERVER_EVENTS).size).toBe(MAIN_SERVER_EVENTS.length);
    expectTypeOf<(typeof MAIN_SERVER_EVENTS)[number]>().toEqualTypeOf<MainServerEvent>();
    expect(MAIN_SERVER_EVENTS).toContain(BROADCAST_EVENTS.themeSettingsUpdated);
    expect(Object.values(CHAT_SERVER_EVENTS)).not.toContain(BROADCAST_EVENTS.themeSettingsUpdated);
  });
});
