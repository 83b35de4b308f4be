import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { CHAT_CLIENT_EVENTS, CHAT_SERVER_EVENTS } from "./chat.ts";
import {
  CHAT_CLIENT_SCHEMAS,
  type ChatClientEvent,
  type ChatClientEventPayloads,
  type ChatServerEvent,
  type ChatServerEventPayloads,
} from "./chat-events.ts";
import {
  BROADCAST_EVENTS,
  MAIN_SERVER_EVENTS,
  type MainServerEvent,
  type MainServerEventPayloads,
} from "./realtime.ts";

describe("the chat namespace's event maps", () => {
  it("type every server event of the room and nothing else", () => {
    expectTypeOf<keyof ChatServerEventPayloads>().toEqualTypeOf<ChatServerEvent>();
    const names = Object.values(CHAT_SERVER_EVENTS).filter(
      (e) => e !== BROADCAST_EVENTS.themeSettingsUpdated,
    );
    expect(names.length).toBe(Object.keys(CHAT_SERVER_EVENTS).length - 1);
  });

  it("give every client event a schema, and the schema accepts what the map says a client sends", () => {
    expectTypeOf<keyof ChatClientEventPayloads>().toEqualTypeOf<ChatClientEvent>();
    expect(Object.keys(CHAT_CLIENT_SCHEMAS).sort()).toEqual(
      Object.values(CHAT_CLIENT_EVENTS).sort(),
    );
    type Schemas = typeof CHAT_CLIENT_SCHEMAS;
    expectTypeOf<ChatClientEventPayloads["chat-message"]>().toExtend<
      z.input<Schemas["chat-message"]>
    >();
    expectTypeOf<ChatClientEventPayloads["chat-like"]>().toExtend<z.input<Schemas["chat-like"]>>();
    expectTypeOf<ChatClientEventPayloads["private-message"]>().toExtend<
      z.input<Schemas["private-message"]>
    >();
  });

  it("ignore the payload of the events that carry nothing the server reads", () => {
    for (const event of [
      CHAT_CLIENT_EVENTS.trackIdRequest,
      CHAT_CLIENT_EVENTS.getLastAnnouncement,
      CHAT_CLIENT_EVENTS.presencePing,
    ]) {
      expect(CHAT_CLIENT_SCHEMAS[event].safeParse({ at: 1 }).success).toBe(true);
      expect(CHAT_CLIENT_SCHEMAS[event].safeParse(undefined).success).toBe(true);
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
    expect(CHAT_SERVER_EVENTS.themeSettingsUpdated).toBe(BROADCAST_EVENTS.themeSettingsUpdated);
  });
});
