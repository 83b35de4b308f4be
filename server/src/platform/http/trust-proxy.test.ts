import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { clientIp } from "./client-ip.ts";

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** The address the app takes for a request from 127.0.0.1 carrying `forwardedFor`. */
async function seenAs(trustProxy: string, forwardedFor: string) {
  t = await createTestApp(
    { TRUST_PROXY: trustProxy },
    {
      beforeReady: (app) => app.get("/test/ip", async (request) => ({ ip: clientIp(request) })),
    },
  );
  const res = await t.app.inject({
    url: "/test/ip",
    remoteAddress: "127.0.0.1",
    headers: { "x-forwarded-for": forwardedFor },
  });
  return (res.json() as { ip: string }).ip;
}

describe("TRUST_PROXY", () => {
  it("off: the socket's address, whatever the header claims", async () => {
    expect(await seenAs("false", "203.0.113.7")).toBe("127.0.0.1");
  });

  it("one hop: the address the proxy saw, not one the client put in the header", async () => {
    expect(await seenAs("1", "198.51.100.66, 203.0.113.7")).toBe("203.0.113.7");
  });

  it("the proxy's address: believed only from that proxy", async () => {
    expect(await seenAs("127.0.0.1", "198.51.100.66, 203.0.113.7")).toBe("203.0.113.7");
    await t?.close();
    expect(await seenAs("10.9.9.9", "203.0.113.7")).toBe("127.0.0.1");
  });
});
