import type { Socket } from "socket.io-client";
import { vi } from "vitest";

/** A Socket.IO client stand-in for component tests: `serverSends` plays the server's side. */
export function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const fake = {
    connected: true,
    handlers,
    on: vi.fn((event: string, h: (payload: unknown) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(h);
      return fake;
    }),
    off: vi.fn((event: string, h: (payload: unknown) => void) => {
      handlers.get(event)?.delete(h);
      return fake;
    }),
    emit: vi.fn(),
    disconnect: vi.fn(),
    serverSends(event: string, payload?: unknown) {
      for (const h of [...(handlers.get(event) ?? [])]) h(payload);
    },
    listeners: (event: string) => handlers.get(event)?.size ?? 0,
  };
  return fake;
}

export type FakeSocket = ReturnType<typeof fakeSocket>;
export const asSocket = (fake: FakeSocket) => fake as unknown as Socket;

/** `window.matchMedia` answering `reduce` for prefers-reduced-motion when `reduced`. */
export function stubReducedMotion(reduced: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduced && query.includes("prefers-reduced-motion"),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

/** A 2D context that records nothing: jsdom has no canvas. */
export function stubCanvas() {
  const ctx = new Proxy(
    {},
    {
      get: (target: Record<string, unknown>, key: string) => {
        if (!(key in target)) target[key] = vi.fn();
        return target[key];
      },
      set: (target: Record<string, unknown>, key: string, value) => {
        target[key] = value;
        return true;
      },
    },
  );
  return vi
    .spyOn(HTMLCanvasElement.prototype, "getContext")
    .mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
}
