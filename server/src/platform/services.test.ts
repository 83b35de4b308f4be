import { describe, expect, it } from "vitest";
import type { AppContext } from "./context.ts";
import { defineService, ServiceRegistry } from "./services.ts";

const ctx = {} as AppContext;

describe("service registry", () => {
  it("builds each key once, in order, and starts and stops the instances in that order", async () => {
    const calls: string[] = [];
    const made = (name: string) => ({
      start: () => void calls.push(`start ${name}`),
      stop: async () => void calls.push(`stop ${name}`),
    });
    const a = defineService("a", () => made("a"));
    const b = defineService("b", () => made("b"));
    const plain = defineService("plain", () => ({ value: 1 }));
    const services = new ServiceRegistry();
    services.build(ctx, [a, b, plain, a]);
    const first = services.get(a);
    services.build(ctx, [a]);
    expect(services.get(a)).toBe(first);
    expect(services.get(plain).value).toBe(1);
    await services.start();
    await services.stop();
    expect(calls).toEqual(["start a", "start b", "stop a", "stop b"]);
  });

  it("lets a test put another instance in place, and refuses a key no feature declared", () => {
    const key = defineService("counter", () => ({ n: 0 }));
    const services = new ServiceRegistry();
    expect(() => services.get(key)).toThrow(/counter/);
    services.set(key, { n: 5 });
    expect(services.get(key).n).toBe(5);
  });
});
