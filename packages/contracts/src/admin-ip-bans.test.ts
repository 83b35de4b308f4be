import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalIpv4,
  IP_BAN_MESSAGES,
  ipBanCreateSchema,
  ipBansQuerySchema,
} from "./admin-ip-bans.ts";

const octet = fc.integer({ min: 0, max: 255 });
const quad = fc.tuple(octet, octet, octet, octet);

const messageOf = (input: unknown) => {
  const result = ipBanCreateSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("the Ban IP schema (admin spec 5)", () => {
  it("accepts any four dotted numbers 0 to 255, as written", () => {
    fc.assert(
      fc.property(quad, (parts) => {
        const ip = parts.join(".");
        expect(ipBanCreateSchema.parse({ ip }).ip).toBe(ip);
      }),
    );
  });

  it("reads leading zeros and surrounding spaces as the same address", () => {
    fc.assert(
      fc.property(quad, fc.integer({ min: 0, max: 3 }), (parts, index) => {
        const padded = parts.map((n, i) => (i === index ? String(n).padStart(3, "0") : String(n)));
        expect(ipBanCreateSchema.parse({ ip: ` ${padded.join(".")} ` }).ip).toBe(parts.join("."));
      }),
    );
  });

  it("refuses a number above 255 with 'Invalid IP format'", () => {
    fc.assert(
      fc.property(
        quad,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 256, max: 999 }),
        (parts, index, big) => {
          const ip = parts.map((n, i) => (i === index ? big : n)).join(".");
          expect(messageOf({ ip })).toBe(IP_BAN_MESSAGES.invalidIp);
          expect(canonicalIpv4(ip)).toBeNull();
        },
      ),
    );
  });

  it("refuses anything that is not four dotted numbers with 'Invalid IP format'", () => {
    const notFour = fc
      .array(octet, { minLength: 1, maxLength: 6 })
      .filter((parts) => parts.length !== 4)
      .map((parts) => parts.join("."));
    const withJunk = fc
      .tuple(quad, fc.constantFrom("a", "-", " 1", ":", "/24", "..", "+", "x"))
      .map(([parts, junk]) => `${parts.join(".")}${junk}`);
    const arbitraryText = fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((text) => text.trim() !== "" && !/^\s*\d+\.\d+\.\d+\.\d+\s*$/.test(text));
    fc.assert(
      fc.property(fc.oneof(notFour, withJunk, arbitraryText), (ip) => {
        expect(messageOf({ ip })).toBe(IP_BAN_MESSAGES.invalidIp);
      }),
    );
    for (const ip of [
      "1.2.3",
      "1.2.3.4.5",
      "::1",
      "1.2.3.-4",
      "1.2.3.4/8",
      "１.2.3.4",
      "1.2.3.1e2",
    ]) {
      expect(messageOf({ ip })).toBe(IP_BAN_MESSAGES.invalidIp);
    }
  });

  it("says 'IP is required' for a missing or blank IP", () => {
    for (const input of [{}, { ip: "" }, { ip: "   " }, { ip: null }]) {
      expect(messageOf(input)).toBe(IP_BAN_MESSAGES.ipRequired);
    }
  });

  it("defaults the reason to 'Admin ban' and keeps it at most 200 characters", () => {
    expect(ipBanCreateSchema.parse({ ip: "1.2.3.4" }).reason).toBe("Admin ban");
    expect(ipBanCreateSchema.parse({ ip: "1.2.3.4", reason: "  " }).reason).toBe("Admin ban");
    expect(ipBanCreateSchema.parse({ ip: "1.2.3.4", reason: "x".repeat(200) }).reason).toHaveLength(
      200,
    );
    expect(messageOf({ ip: "1.2.3.4", reason: "x".repeat(201) })).toBe(
      IP_BAN_MESSAGES.reasonTooLong,
    );
  });
});

describe("the IP bans list query", () => {
  it("defaults to page 1 and no search, and refuses a page below 1", () => {
    expect(ipBansQuerySchema.parse({})).toEqual({ search: "", page: 1 });
    expect(ipBansQuerySchema.parse({ page: "3", search: " 203. " })).toEqual({
      search: "203.",
      page: 3,
    });
    expect(ipBansQuerySchema.safeParse({ page: "0" }).success).toBe(false);
  });
});
