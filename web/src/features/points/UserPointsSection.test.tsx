import {
  ADMIN_TEXTS,
  POINTS_MESSAGES as M,
  POINTS_UI_TEXTS as P,
  POINTS_API,
  POINTS_LIMITS,
  ADMIN_USERS_TEXTS as T,
} from "@airwave/contracts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { calls, json, mockFetch, renderAdmin } from "../admin/test-utils.tsx";
import { parseDelta, UserPointsSection } from "./UserPointsSection.tsx";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = "u-bob";
const state = (over: { points?: number; excludeFromScoreboard?: boolean } = {}) => ({
  userId: ID,
  points: 40,
  excludeFromScoreboard: false,
  ...over,
});

/** A server holding bob's points; `fail` makes the named POST paths answer an error. */
function server(fail: Record<string, { status: number; body: object }> = {}) {
  let points = 40;
  let excluded = false;
  const bodies: unknown[] = [];
  const fetch = mockFetch(({ path, method, body }) => {
    if (method === "POST" && fail[path]) return json(fail[path].body, fail[path].status);
    if (path === POINTS_API.adminUserPoints(ID) && method === "GET")
      return json(state({ points, excludeFromScoreboard: excluded }));
    if (path === POINTS_API.adminUserPoints(ID)) {
      bodies.push(body);
      points += (body as { delta: number }).delta;
      return json({
        ...state({ points, excludeFromScoreboard: excluded }),
        message: M.pointsUpdated,
      });
    }
    if (path === POINTS_API.adminUserScoreboard(ID)) {
      bodies.push(body);
      excluded = (body as { excludeFromScoreboard: boolean }).excludeFromScoreboard;
      return json({
        ...state({ points, excludeFromScoreboard: excluded }),
        message: ADMIN_TEXTS.settingUpdated,
      });
    }
    return json({}, 404);
  });
  return { fetch, bodies };
}

const field = () => screen.getByRole("textbox", { name: P.deltaLabel });
const apply = () => screen.getByRole("button", { name: P.apply });

describe("parseDelta", () => {
  it("takes non-zero integers only, within the limit", () => {
    expect(parseDelta(" 10 ")).toEqual({ delta: 10 });
    expect(parseDelta("-3")).toEqual({ delta: -3 });
    for (const raw of ["", "0", "-0", "1.5", "abc", "1e3", "12abc"])
      expect(parseDelta(raw)).toEqual({ error: M.nonZeroInteger });
    expect(parseDelta(String(POINTS_LIMITS.adminDeltaMax + 1))).toEqual({
      error: M.deltaTooLarge,
    });
  });
});

describe("the user dialog's points", () => {
  it("shows the member's points and refuses what is not a non-zero integer, without a call", async () => {
    const { fetch } = server();
    const user = userEvent.setup();
    renderAdmin(<UserPointsSection userId={ID} />);
    expect(await screen.findByText("40")).toBeVisible();
    expect(screen.getByText(new RegExp(P.currentPoints))).toBeVisible();

    await user.click(apply());
    expect(await screen.findByText(M.nonZeroInteger)).toBeVisible();
    expect(field()).toHaveAttribute("aria-invalid", "true");
    await user.type(field(), "0{Enter}");
    expect(await screen.findByText(M.nonZeroInteger)).toBeVisible();
    await user.clear(field());
    await user.type(field(), "2.5{Enter}");
    expect(await screen.findByText(M.nonZeroInteger)).toBeVisible();
    expect(calls(fetch).filter((c) => c.startsWith("POST"))).toEqual([]);
  });

  it("grants and removes points: 'Points updated' and the new total", async () => {
    const { fetch, bodies } = server();
    const user = userEvent.setup();
    renderAdmin(<UserPointsSection userId={ID} />);
    expect(await screen.findByText("40")).toBeVisible();

    await user.type(field(), "10{Enter}");
    expect(await screen.findByText(M.pointsUpdated)).toBeVisible();
    expect(await screen.findByText("50")).toBeVisible();
    expect(field()).toHaveValue("");

    await user.type(field(), "-15");
    await user.click(apply());
    expect(await screen.findByText("35")).toBeVisible();
    expect(bodies).toEqual([{ delta: 10 }, { delta: -15 }]);
    expect(calls(fetch)).toContain(`POST ${POINTS_API.adminUserPoints(ID)}`);
  });

  it("says 'Failed to update points', or the server's message, when the grant fails", async () => {
    server({ [POINTS_API.adminUserPoints(ID)]: { status: 500, body: {} } });
    const user = userEvent.setup();
    renderAdmin(<UserPointsSection userId={ID} />);
    expect(await screen.findByText("40")).toBeVisible();
    await user.type(field(), "10{Enter}");
    expect(await screen.findByText(M.pointsFailed)).toBeVisible();
    expect(screen.getByText("40")).toBeVisible();
    cleanup();

    server({
      [POINTS_API.adminUserPoints(ID)]: { status: 400, body: { message: M.deltaTooLarge } },
    });
    renderAdmin(<UserPointsSection userId={ID} />);
    expect(await screen.findByText("40")).toBeVisible();
    await user.type(field(), "5{Enter}");
    expect(await screen.findByText(M.deltaTooLarge)).toBeVisible();
  });

  it("excludes the member from the scoreboard, and says so when that fails", async () => {
    const { bodies } = server();
    const user = userEvent.setup();
    renderAdmin(<UserPointsSection userId={ID} />);
    const toggle = await screen.findByRole("switch", { name: T.excludeScoreboard });
    await screen.findByText("40");
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(M.scoreboardUpdated)).toBeVisible();
    expect(screen.getByRole("switch", { name: T.excludeScoreboard })).toBeChecked();
    expect(screen.getByText(P.excludedNote)).toBeVisible();
    expect(bodies).toEqual([{ excludeFromScoreboard: true }]);
    cleanup();

    server({ [POINTS_API.adminUserScoreboard(ID)]: { status: 500, body: {} } });
    renderAdmin(<UserPointsSection userId={ID} />);
    await screen.findByText("40");
    await user.click(screen.getByRole("switch", { name: T.excludeScoreboard }));
    expect(await screen.findByText(M.scoreboardFailed)).toBeVisible();
    expect(screen.getByRole("switch", { name: T.excludeScoreboard })).not.toBeChecked();
  });
});
