import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip.ts";

describe("clientIp", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::FFFF:10.0.0.1", "10.0.0.1"],
    ["2001:db8::1", "2001:db8::1"],
    ["::1", "::1"],
    ["::ffff:abcd:1", "::ffff:abcd:1"],
  ])("%s is recorded as %s", (ip, expected) => {
    expect(clientIp({ ip })).toBe(expected);
  });
});
