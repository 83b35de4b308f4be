import {
  DJ_VOTES_API,
  MONTH_END_TEXTS as M,
  SCHEDULE_ROUTES,
  type TopDjAnswer,
} from "@airwave/contracts";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, json, mockFetch, signedInQueryClient } from "../../test/fake-session.tsx";
import { TopDjBanner } from "./TopDjBanner.tsx";
import { clockAt, scheduleAnswer } from "./testing.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const topDj: TopDjAnswer = {
  topDj: { dj: "djnova", djId: "u-nova", profileimage: "/uploads/nova.webp", votes: 7 },
};

function renderBanner(answer: TopDjAnswer) {
  const fetch = mockFetch(
    ({ path }) =>
      scheduleAnswer(path) ?? (path === DJ_VOTES_API.topDj ? json(answer) : json({}, 404)),
  );
  render(
    <AppProviders qc={signedInQueryClient()}>
      <TopDjBanner />
    </AppProviders>,
  );
  const calls = (path: string) => fetch.mock.calls.filter(([u]) => String(u).endsWith(path)).length;
  return {
    topCalls: () => calls(DJ_VOTES_API.topDj),
    scheduleCalls: () => calls(SCHEDULE_ROUTES.week.path),
  };
}

describe("the Top DJ of the Month banner", () => {
  it("from the 25th shows the month's Top DJ with picture and name", async () => {
    clockAt("2026-11-27T09:00:00Z");
    renderBanner(topDj);
    const banner = await screen.findByRole("region", { name: M.topDjTitle });
    expect(within(banner).getByText(M.topDjTitle)).toBeVisible();
    expect(within(banner).getByText("djnova")).toBeVisible();
    expect(within(banner).getByText(M.topDjVotes(7))).toBeVisible();
    expect(banner.querySelector("img")).toHaveAttribute("src", "/uploads/nova.webp");
    expect(within(banner).getByText(M.frozenNote)).toBeVisible();
  });

  it("before the 25th shows nothing and asks nothing", async () => {
    clockAt("2026-11-24T23:59:00Z");
    const { topCalls, scheduleCalls } = renderBanner(topDj);
    // The time zone is known (the schedule answered) before deciding.
    await waitFor(() => expect(scheduleCalls()).toBe(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(topCalls()).toBe(0);
    expect(screen.queryByText(M.topDjTitle)).toBeNull();
  });

  it("in the freeze says so while no DJ has a vote, and that messages earn no points", async () => {
    clockAt("2026-11-27T09:00:00Z");
    renderBanner({ topDj: null });
    const banner = await screen.findByRole("region", { name: M.topDjTitle });
    expect(within(banner).getByText(M.noVotes)).toBeVisible();
    expect(within(banner).getByText(M.frozenNote)).toBeVisible();
    expect(banner.querySelector("img")).toBeNull();
  });
});
