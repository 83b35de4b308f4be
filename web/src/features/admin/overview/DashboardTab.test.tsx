import {
  ADMIN_API,
  ADMIN_OVERVIEW_TEXTS,
  ADMIN_TEXTS,
  type TrafficAnswer,
  type TrafficRow,
} from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { calls, json, mockFetch, renderAdmin } from "../test-utils.tsx";
import { DashboardTab } from "./DashboardTab.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const metrics = { activeUsers: 4, listenersNow: 17, chatMessages24h: 1234, totalPosts: 56 };

/** 11 rows, newest first: /p/10 … /p/0 (the server pages them 8 at a time). */
const ALL: TrafficRow[] = Array.from({ length: 11 }, (_, n) => {
  const i = 10 - n;
  return {
    id: i + 1,
    ip: `203.0.113.${i}`,
    path: `/p/${i}`,
    method: i % 2 ? "POST" : "GET",
    timestamp: new Date(Date.UTC(2026, 10, 22, 6, i)).toISOString(),
  };
});

function server(overrides: { metricsStatus?: number; trafficStatus?: number } = {}) {
  return mockFetch(({ path, url }) => {
    if (path === ADMIN_API.registrationStatus) return json({ registrationEnabled: true });
    if (path === ADMIN_API.metrics) {
      return overrides.metricsStatus ? json({}, overrides.metricsStatus) : json(metrics);
    }
    if (path === ADMIN_API.traffic) {
      if (overrides.trafficStatus) return json({}, overrides.trafficStatus);
      const page = Number(url.searchParams.get("page"));
      const answer: TrafficAnswer = {
        traffic: ALL.slice((page - 1) * 8, page * 8),
        total: ALL.length,
        page,
        pageSize: 8,
      };
      return json(answer);
    }
    return json({}, 404);
  });
}

const bodyRows = () =>
  within(screen.getByRole("table", { name: "Traffic log" }))
    .getAllByRole("row")
    .slice(1);

describe("DashboardTab (admin Tab 0)", () => {
  it("shows the four metrics with their numbers", async () => {
    server();
    renderAdmin(<DashboardTab />);
    for (const [label, value] of [
      [ADMIN_OVERVIEW_TEXTS.activeUsers, "4"],
      [ADMIN_OVERVIEW_TEXTS.listenersNow, "17"],
      [ADMIN_OVERVIEW_TEXTS.chatMessages24h, (1234).toLocaleString()],
      [ADMIN_OVERVIEW_TEXTS.totalPosts, "56"],
    ] as const) {
      const card = screen.getByRole("group", { name: label });
      await waitFor(() => expect(card).toHaveTextContent(`${label}${value}`));
    }
    expect(screen.getByText("Active users")).toBeVisible();
    expect(screen.getByText("Listeners now")).toBeVisible();
    expect(screen.getByText("Chat messages (24 h)")).toBeVisible();
    expect(screen.getByText("Total posts")).toBeVisible();
  });

  it("shows the traffic log 8 rows a page, asking the server for each page", async () => {
    const fetch = server();
    const user = userEvent.setup();
    renderAdmin(<DashboardTab />);
    await screen.findByRole("table", { name: "Traffic log" });
    const headers = within(screen.getByRole("table", { name: "Traffic log" }))
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["IP", "Path", "Method", "Time"]);
    expect(bodyRows()).toHaveLength(8);
    const first = within(bodyRows()[0] as HTMLElement).getAllByRole("cell");
    expect(first.map((c) => c.textContent).slice(0, 3)).toEqual(["203.0.113.10", "/p/10", "GET"]);
    expect(first[3]?.querySelector("time")).toHaveAttribute("dateTime", ALL[0]?.timestamp);
    expect(screen.getByText("1–8 of 11")).toBeVisible();

    await user.click(screen.getByRole("button", { name: /next page/i }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(screen.getByText("/p/0")).toBeVisible();
    expect(screen.getByText("9–11 of 11")).toBeVisible();
    const pages = fetch.mock.calls
      .map(([input]) => new URL(String(input), window.location.origin))
      .filter((u) => u.pathname === ADMIN_API.traffic)
      .map((u) => u.searchParams.get("page"));
    expect(pages).toEqual(["1", "2"]);
  });

  it("refresh asks again for the metrics and the traffic", async () => {
    const fetch = server();
    const user = userEvent.setup();
    renderAdmin(<DashboardTab />);
    await screen.findByRole("table", { name: "Traffic log" });
    const count = () =>
      calls(fetch).filter(
        (c) => c === `GET ${ADMIN_API.metrics}` || c === `GET ${ADMIN_API.traffic}`,
      ).length;
    await waitFor(() => expect(count()).toBe(2));
    await user.click(screen.getByRole("button", { name: ADMIN_OVERVIEW_TEXTS.refresh }));
    await waitFor(() => expect(count()).toBe(4));
  });

  it("says so when the log is empty, and when a call fails", async () => {
    mockFetch(({ path }) => {
      if (path === ADMIN_API.registrationStatus) return json({ registrationEnabled: true });
      if (path === ADMIN_API.metrics) return json({}, 500);
      if (path === ADMIN_API.traffic) return json({ traffic: [], total: 0, page: 1, pageSize: 8 });
      return json({}, 404);
    });
    renderAdmin(<DashboardTab />);
    expect(await screen.findByText(ADMIN_OVERVIEW_TEXTS.noTraffic)).toBeVisible();
    expect(await screen.findByText(ADMIN_OVERVIEW_TEXTS.metricsFailed)).toBeVisible();

    cleanup();
    server({ trafficStatus: 500 });
    renderAdmin(<DashboardTab />);
    expect(await screen.findByText(ADMIN_OVERVIEW_TEXTS.trafficFailed)).toBeVisible();
  });

  it("keeps the registration switch: Setting Updated, or the failure toast", async () => {
    let fail = false;
    mockFetch(({ path, method, body }) => {
      if (path === ADMIN_API.metrics) return json(metrics);
      if (path === ADMIN_API.traffic) return json({ traffic: [], total: 0, page: 1, pageSize: 8 });
      if (path !== ADMIN_API.registrationStatus) return json({}, 404);
      if (method === "POST") {
        if (fail) return json({}, 500);
        return json({ registrationEnabled: (body as { enabled: boolean }).enabled });
      }
      return json({ registrationEnabled: true });
    });
    const user = userEvent.setup();
    renderAdmin(<DashboardTab />);
    const toggle = await screen.findByRole("switch", { name: ADMIN_TEXTS.registrationSwitch });
    await user.click(toggle);
    expect(await screen.findByText("Setting Updated")).toBeVisible();
    await waitFor(() => expect(toggle).not.toBeChecked());
    fail = true;
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText("Failed to update registration status")).toBeVisible();
  });
});
