import { ADMIN_TABS, ADMIN_TEXTS, MP3_UI_TEXTS } from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminPage } from "./AdminPage.tsx";
import { adminQueryClient, calls, json, mockFetch, renderAdmin } from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AdminPage", () => {
  for (const role of ["user", "Moderator"]) {
    it(`sends a ${role} to /`, async () => {
      mockFetch(() => json({}));
      renderAdmin(<AdminPage />, adminQueryClient(role));
      expect(await screen.findByText("Home page")).toBeVisible();
      expect(screen.queryByText(ADMIN_TEXTS.greeting)).toBeNull();
    });
  }

  it("greets the admin and shows the nine tabs in the spec's order", async () => {
    mockFetch(() => json({ registrationEnabled: true }));
    renderAdmin(<AdminPage />);
    expect(screen.getByRole("heading", { name: "Welcome Admin" })).toBeVisible();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([...ADMIN_TABS]);
    expect(screen.getByRole("tab", { name: "Dashboard" })).toHaveAttribute("aria-selected", "true");
  });

  it("loads each tab's data only when the tab is opened", async () => {
    const fetch = mockFetch(({ path }) => {
      if (path === "/api/auth/registration/status") return json({ registrationEnabled: true });
      if (path === "/api/auth/getGifs") return json({ gifs: [] });
      if (path === "/api/auth/getAllTickets") return json({ tickets: [] });
      if (path === "/api/auth/getDjApplications") return json({ applications: [] });
      if (path === "/api/auth/chat/stats") return json({ last24h: 3 });
      if (path === "/api/auth/admin/users")
        return json({ users: [], total: 0, page: 1, pageSize: 15 });
      if (path === "/api/auth/admin/posts")
        return json({ posts: [], total: 0, page: 1, pageSize: 12 });
      if (path === "/api/auth/admin/ip-bans")
        return json({ bannedIPs: [], total: 0, page: 1, pageSize: 10 });
      return json({}, 404);
    });
    const opened = (prefix: string) => calls(fetch).some((c) => c.startsWith(prefix));
    const user = userEvent.setup();
    renderAdmin(<AdminPage />);
    await screen.findByRole("switch", { name: ADMIN_TEXTS.registrationSwitch });
    expect(calls(fetch).filter((c) => c.includes("getGifs") || c.includes("Tickets"))).toEqual([]);
    for (const prefix of ["GET /api/auth/admin/users", "GET /api/auth/admin/posts"]) {
      expect(opened(prefix)).toBe(false);
    }

    await user.click(screen.getByRole("tab", { name: "Users" }));
    await waitFor(() => expect(opened("GET /api/auth/admin/users")).toBe(true));
    expect(opened("GET /api/auth/admin/posts")).toBe(false);

    await user.click(screen.getByRole("tab", { name: "Posts" }));
    await waitFor(() => expect(opened("GET /api/auth/admin/posts")).toBe(true));

    await user.click(screen.getByRole("tab", { name: "Chat" }));
    await waitFor(() => expect(calls(fetch)).toContain("GET /api/auth/getGifs"));
    expect(calls(fetch)).not.toContain("GET /api/auth/getAllTickets");

    await user.click(screen.getByRole("tab", { name: "Tickets" }));
    await waitFor(() => expect(calls(fetch)).toContain("GET /api/auth/getAllTickets"));
    expect(await screen.findByText("No tickets")).toBeVisible();

    await user.click(screen.getByRole("tab", { name: "DJ Applications" }));
    await waitFor(() => expect(calls(fetch)).toContain("GET /api/auth/getDjApplications"));

    expect(opened("GET /api/auth/admin/ip-bans")).toBe(false);
    await user.click(screen.getByRole("tab", { name: "IP Bans" }));
    await waitFor(() => expect(opened("GET /api/auth/admin/ip-bans")).toBe(true));
  });

  it("opens the MP3 tab with its sub-tabs Single Upload, Batch Upload and Library", async () => {
    mockFetch(() => json({ registrationEnabled: true }));
    const user = userEvent.setup();
    renderAdmin(<AdminPage />);
    await user.click(screen.getByRole("tab", { name: "MP3" }));
    const subtabs = await screen.findByRole("tablist", { name: MP3_UI_TEXTS.adminTitle });
    expect(
      within(subtabs)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Single Upload", "Batch Upload", "Library"]);
  });

  it("switches registration off and on, toasting Setting Updated, and a failure toasts the spec's text", async () => {
    let enabled = true;
    let fail = false;
    const fetch = mockFetch(({ path, method, body }) => {
      if (path !== "/api/auth/registration/status") return json({}, 404);
      if (method === "POST") {
        if (fail) return json({}, 500);
        enabled = (body as { enabled: boolean }).enabled;
      }
      return json({ registrationEnabled: enabled, enabled });
    });
    const user = userEvent.setup();
    renderAdmin(<AdminPage />);
    const toggle = await screen.findByRole("switch", { name: ADMIN_TEXTS.registrationSwitch });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText("Setting Updated")).toBeVisible();
    expect(enabled).toBe(false);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(screen.getByText(ADMIN_TEXTS.registrationOff)).toBeVisible();
    expect(calls(fetch)).toContain("POST /api/auth/registration/status");

    fail = true;
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText("Failed to update registration status")).toBeVisible();
    expect(toggle).not.toBeChecked();
  });
});
