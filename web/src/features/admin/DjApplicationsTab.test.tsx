import type { AdminDjApplicationView } from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DjApplicationsTab } from "./DjApplicationsTab.tsx";
import { calls, json, mockFetch, renderAdmin } from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const app = (over: Partial<AdminDjApplicationView> = {}): AdminDjApplicationView => ({
  _id: "a1",
  applicationId: "a1",
  status: "pending",
  experience: "Five years of jungle sets",
  equipment: "Two decks and a mixer",
  availability: "Friday nights",
  genre: ["Jungle", "Drum and Bass"],
  mixcloud: "https://www.mixcloud.com/bob/",
  submittedAt: new Date().toISOString(),
  decidedAt: null,
  userId: "u-bob",
  username: "bob",
  profileimage: null,
  ...over,
});

describe("DjApplicationsTab", () => {
  it("shows an application's details and approves it while pending, then reloads the list", async () => {
    let apps = [
      app(),
      app({ _id: "a2", applicationId: "a2", username: "carol", status: "approved" }),
    ];
    const fetch = mockFetch(({ path, body }) => {
      if (path === "/api/auth/getDjApplications") return json({ applications: apps });
      if (path === "/api/auth/approveDj") {
        expect(body).toEqual({ applicationId: "a1" });
        apps = apps.map((a) => (a._id === "a1" ? { ...a, status: "approved" as const } : a));
        return json({ ok: true });
      }
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderAdmin(<DjApplicationsTab />);
    const bob = await screen.findByRole("listitem", { name: "bob" });
    expect(within(bob).getByText("pending")).toBeVisible();

    // An approved application has no approve action.
    await user.click(
      within(screen.getByRole("listitem", { name: "carol" })).getByRole("button", {
        name: "Details",
      }),
    );
    let dialog = await screen.findByRole("dialog", { name: /carol/ });
    expect(within(dialog).queryByRole("button", { name: "Approve" })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(within(bob).getByRole("button", { name: "Details" }));
    dialog = await screen.findByRole("dialog", { name: /bob/ });
    expect(within(dialog).getByText("Five years of jungle sets")).toBeVisible();
    expect(within(dialog).getByText("Two decks and a mixer")).toBeVisible();
    expect(within(dialog).getByText("Friday nights")).toBeVisible();
    expect(within(dialog).getByText("Jungle, Drum and Bass")).toBeVisible();
    expect(
      within(dialog).getByRole("link", { name: "https://www.mixcloud.com/bob/" }),
    ).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("DJ Approved")).toBeVisible();
    await waitFor(() =>
      expect(
        within(screen.getByRole("listitem", { name: "bob" })).getByText("approved"),
      ).toBeVisible(),
    );
    expect(calls(fetch).filter((c) => c === "GET /api/auth/getDjApplications")).toHaveLength(2);
  });

  it("toasts the failure of an approval", async () => {
    mockFetch(({ path }) =>
      path === "/api/auth/getDjApplications" ? json({ applications: [app()] }) : json({}, 500),
    );
    const user = userEvent.setup();
    renderAdmin(<DjApplicationsTab />);
    await user.click(await screen.findByRole("button", { name: "Details" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Approve" }),
    );
    expect(await screen.findByText("Failed to approve DJ application")).toBeVisible();
  });

  it("rejects a pending application", async () => {
    const fetch = mockFetch(({ path }) =>
      path === "/api/auth/getDjApplications" ? json({ applications: [app()] }) : json({ ok: true }),
    );
    const user = userEvent.setup();
    renderAdmin(<DjApplicationsTab />);
    await user.click(await screen.findByRole("button", { name: "Details" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Reject" }),
    );
    expect(await screen.findByText("DJ Application Rejected")).toBeVisible();
    expect(calls(fetch)).toContain("POST /api/auth/rejectDj");
  });

  it("says when there are no applications", async () => {
    mockFetch(() => json({ applications: [] }));
    renderAdmin(<DjApplicationsTab />);
    expect(await screen.findByText("No DJ applications")).toBeVisible();
  });
});
