import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { LIQUIDSOAP_API_KEY_HEADER, type MyDjAppFound, RADIO_PATHS } from "@airwave/contracts";
import { expect } from "vitest";
import type { UserRow } from "../../src/features/users/schema.ts";
import { Agent } from "../agent.ts";
import type { TestApp } from "../app.ts";
import { buildUser } from "../factories.ts";
import { djApplicationInput } from "./dj.ts";

export interface RadioDj {
  user: UserRow;
  agent: Agent;
  radioUsername: string;
  radioPassword: string;
}

/**
 * A member who applied and whom `admin` approved, all through the API (as the integration test
 * of the station does too); with the radio username and password their Apply DJ page shows.
 */
export async function approvedRadioDj(
  t: TestApp,
  admin: Agent,
  overrides: Parameters<typeof buildUser>[1] = {},
): Promise<RadioDj> {
  const { user, password } = await buildUser(t.ctx.db, {
    username: `DJ_${Math.random().toString(36).slice(2, 8)}`,
    ...overrides,
  });
  const agent = new Agent(t.app);
  await agent.login(user.username, password);
  const applied = await agent.post("/api/auth/applyDj", djApplicationInput());
  expect(applied.statusCode).toBe(201);
  const approved = await admin.post("/api/auth/approveDj", {
    applicationId: applied.json().applicationId,
  });
  expect(approved.statusCode).toBe(200);
  const mine: MyDjAppFound = (await agent.get("/api/auth/myDjApp")).json();
  if (!mine.radioUsername || !mine.radioPassword) throw new Error("approved without credentials");
  return { user, agent, radioUsername: mine.radioUsername, radioPassword: mine.radioPassword };
}

/** Calls one of the station's internal routes as Liquidsoap does (the key unless `key` says otherwise). */
export async function stationCall(
  t: TestApp,
  route: "internalAuth" | "internalDjOn" | "internalDjOff" | "internalLiveCheck" | "internalTrack",
  body: unknown,
  key: string | null = t.config.STATION_API_KEY,
) {
  const res = await t.app.inject({
    method: "POST",
    url: RADIO_PATHS[route],
    payload: body as object,
    headers: key === null ? {} : { [LIQUIDSOAP_API_KEY_HEADER]: key },
  });
  return { status: res.statusCode, body: res.body };
}

/**
 * Serves a recorded Icecast `status-json.xsl` answer on 127.0.0.1 (the app's poller reads it), and
 * can go down and come back like a station. It answers the listener relay's `/status.json` too
 * (`setRelayListeners`), so a bundled station's ICECAST_PORT and RADIO_LISTEN_PORT may both name it.
 */
export async function recordedIcecast(
  fixture = new URL("../../src/features/radio/fixtures/icecast-one-mount.json", import.meta.url),
) {
  const body = readFileSync(fixture, "utf8");
  let up = true;
  let relayListeners = 0;
  const server = http.createServer((req, res) => {
    if (!up) return req.socket.destroy();
    if (req.url === "/status.json") {
      const status = { listeners: relayListeners, peak: relayListeners, title: "", onAir: true };
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(status));
    }
    if (req.url !== "/status-json.xsl") return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status-json.xsl`;
  return {
    url,
    port: (server.address() as AddressInfo).port,
    setUp(value: boolean) {
      up = value;
    },
    setRelayListeners(n: number) {
      relayListeners = n;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
