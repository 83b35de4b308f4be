import {
  BROADCAST_EVENTS,
  DEFAULT_THEME_SETTINGS,
  STORAGE_KEYS,
  type ThemeSettings,
} from "@airwave/contracts";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getSocket, setSocketFactory, useRealtimeConnection } from "../../app/socket.ts";
import { AppProviders, json, mockFetch, signedInQueryClient } from "../../test/fake-session.tsx";
import { asSocket, fakeSocket } from "./testing/fake-socket.ts";
import { activeEffects, useThemeSettings } from "./theme-settings.ts";

const christmas: ThemeSettings = {
  activeTheme: "christmas",
  bonfire: { enabled: false, fireworksEnabled: true },
  christmas: { enabled: true, snowEnabled: true, ropeLightsEnabled: true },
};

function setup(answer: () => Response | Promise<Response>) {
  const fetch = mockFetch(({ path }) =>
    path === "/api/auth/theme-settings" ? answer() : json({ message: "unexpected" }, 404),
  );
  const socket = fakeSocket();
  setSocketFactory(async () => asSocket(socket));
  const qc = signedInQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders qc={qc}>{children}</AppProviders>
  );
  const hook = renderHook(
    () => {
      useRealtimeConnection();
      return useThemeSettings();
    },
    { wrapper },
  );
  return { fetch, socket, hook };
}

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.themeSettings) ?? "null");

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

describe("useThemeSettings", () => {
  it("reads the server's settings, keeps them as themeSettings, and follows theme-settings-updated", async () => {
    const { socket, hook } = setup(() => json({ success: true, settings: DEFAULT_THEME_SETTINGS }));
    expect(hook.result.current).toEqual(DEFAULT_THEME_SETTINGS);
    await waitFor(() => expect(stored()).toEqual(DEFAULT_THEME_SETTINGS));
    await waitFor(() => expect(getSocket()).not.toBeNull());
    await waitFor(() => expect(socket.listeners(BROADCAST_EVENTS.themeSettingsUpdated)).toBe(1));

    act(() => socket.serverSends(BROADCAST_EVENTS.themeSettingsUpdated, { settings: christmas }));
    await waitFor(() => expect(hook.result.current).toEqual(christmas));
    expect(stored()).toEqual(christmas);
    expect(activeEffects(hook.result.current)).toEqual({
      snow: true,
      ropeLights: true,
      fireworks: false,
    });

    // An unreadable push changes nothing.
    act(() =>
      socket.serverSends(BROADCAST_EVENTS.themeSettingsUpdated, {
        settings: { activeTheme: "halloween" },
      }),
    );
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(hook.result.current).toEqual(christmas);
    expect(stored()).toEqual(christmas);
  });

  it("shows the locally kept settings at once, then the server's", async () => {
    localStorage.setItem(STORAGE_KEYS.themeSettings, JSON.stringify(christmas));
    const waiting: ((r: Response) => void)[] = [];
    const { hook } = setup(() => new Promise<Response>((resolve) => waiting.push(resolve)));
    expect(hook.result.current).toEqual(christmas);
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    act(() => {
      for (const release of waiting)
        release(json({ success: true, settings: DEFAULT_THEME_SETTINGS }));
    });
    await waitFor(() => expect(hook.result.current).toEqual(DEFAULT_THEME_SETTINGS));
    expect(stored()).toEqual(DEFAULT_THEME_SETTINGS);
  });

  it("reads the settings again when the connection comes back (pushes may have been missed)", async () => {
    let answer: ThemeSettings = DEFAULT_THEME_SETTINGS;
    const { socket, hook, fetch } = setup(() => json({ success: true, settings: answer }));
    await waitFor(() => expect(socket.listeners("connect")).toBe(1));
    const reads = () =>
      fetch.mock.calls.filter(([u]) => String(u).includes("/api/auth/theme-settings")).length;
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(1));
    answer = christmas;
    act(() => socket.serverSends("connect"));
    await waitFor(() => expect(hook.result.current).toEqual(christmas));
    expect(stored()).toEqual(christmas);
  });

  it("an answer asked for before a push does not undo the push", async () => {
    const waiting: ((r: Response) => void)[] = [];
    const { socket, hook } = setup(() => new Promise<Response>((resolve) => waiting.push(resolve)));
    await waitFor(() => expect(socket.listeners(BROADCAST_EVENTS.themeSettingsUpdated)).toBe(1));
    act(() => socket.serverSends(BROADCAST_EVENTS.themeSettingsUpdated, { settings: christmas }));
    await waitFor(() => expect(hook.result.current).toEqual(christmas));
    act(() => {
      for (const release of waiting)
        release(json({ success: true, settings: DEFAULT_THEME_SETTINGS }));
    });
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(hook.result.current).toEqual(christmas);
    expect(stored()).toEqual(christmas);
  });

  it("falls back to the defaults when nothing is kept and the server fails", async () => {
    localStorage.setItem(STORAGE_KEYS.themeSettings, "{not json");
    const { fetch, hook } = setup(() => json({ message: "down" }, 500));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => String(u).includes("theme-settings"))).toBe(true),
    );
    expect(hook.result.current).toEqual(DEFAULT_THEME_SETTINGS);
  });
});

describe("activeEffects", () => {
  it("follows the theme rules: snow and rope lights only at christmas, fireworks only at bonfire", () => {
    expect(activeEffects(DEFAULT_THEME_SETTINGS)).toEqual({
      snow: false,
      ropeLights: false,
      fireworks: true,
    });
    expect(
      activeEffects({
        ...christmas,
        christmas: { enabled: true, snowEnabled: false, ropeLightsEnabled: true },
      }),
    ).toEqual({ snow: false, ropeLights: true, fireworks: false });
    expect(
      activeEffects({
        ...DEFAULT_THEME_SETTINGS,
        bonfire: { enabled: true, fireworksEnabled: false },
      }).fireworks,
    ).toBe(false);
  });
});
