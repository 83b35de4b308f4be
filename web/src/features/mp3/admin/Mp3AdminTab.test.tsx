import { MP3_MESSAGES as M, MP3_LIMITS, MP3_UI_TEXTS as T } from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch, renderAdmin } from "../../admin/test-utils.tsx";
import { listAnswer, mp3Track } from "../testing.ts";
import { Mp3AdminTab } from "./Mp3AdminTab.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tracks = Array.from({ length: 10 }, (_, i) =>
  mp3Track({ _id: `t-${i}`, trackName: `Track ${i}`, downloadCount: i }),
);

describe("Mp3AdminTab", () => {
  it("lists the library 10 a page and deletes a track: 'Track deleted'", async () => {
    const queries: URLSearchParams[] = [];
    let remoteDeleted = true;
    const fetch = mockFetch(({ path, method, url }) => {
      if (path === "/api/auth/mp3/list") {
        queries.push(url.searchParams);
        return json({
          ...listAnswer(tracks, 2, 10),
          pagination: { page: 1, limit: 10, total: 14, pages: 2 },
        });
      }
      if (method === "DELETE") return json({ success: true, message: "ok", remoteDeleted });
      return json({});
    });
    const user = userEvent.setup();
    renderAdmin(<Mp3AdminTab />);
    const tabs = screen.getByRole("tablist", { name: T.adminTitle });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual([T.single, T.batch, T.library]);
    await user.click(within(tabs).getByRole("tab", { name: T.library }));
    const table = await screen.findByRole("table", { name: T.adminTitle });
    expect(within(table).getAllByRole("row")).toHaveLength(1 + MP3_LIMITS.adminPageSize);
    expect(queries[0]?.get("limit")).toBe(String(MP3_LIMITS.adminPageSize));
    expect(screen.getByText("1–10 of 14")).toBeVisible();

    // Each row has its place in the Auto DJ's rotation (off for these tracks).
    const onAir = screen.getByRole("switch", { name: `${M.inRotationLabel}: Track 3` });
    expect(onAir).not.toBeChecked();

    await user.click(screen.getByRole("button", { name: T.adminDelete("Track 3") }));
    await user.click(
      within(screen.getByRole("dialog", { name: T.deleteTitle })).getByRole("button", {
        name: M.deleteLabel,
      }),
    );
    expect(await screen.findByText(`${M.trackDeleted}: ${M.trackDeletedEverywhere}`)).toBeVisible();
    expect(
      fetch.mock.calls.some(
        ([input, init]) => String(input).endsWith("/api/auth/mp3/t-3") && init?.method === "DELETE",
      ),
    ).toBe(true);

    remoteDeleted = false;
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: T.adminDelete("Track 4") }));
    await user.click(
      within(screen.getByRole("dialog", { name: T.deleteTitle })).getByRole("button", {
        name: M.deleteLabel,
      }),
    );
    expect(
      await screen.findByText(`${M.trackDeleted}: ${M.trackDeletedDatabaseOnly}`),
    ).toBeVisible();
  });

  it("says 'Failed to load tracks' and 'Failed to delete track'", async () => {
    let listFails = true;
    mockFetch(({ path, method }) => {
      if (path === "/api/auth/mp3/list")
        return listFails ? json({}, 500) : json(listAnswer(tracks.slice(0, 1), 1, 10));
      if (method === "DELETE") return json({}, 500);
      return json({});
    });
    const user = userEvent.setup();
    renderAdmin(<Mp3AdminTab />);
    await user.click(screen.getByRole("tab", { name: T.library }));
    expect(await screen.findByText(M.adminLoadFailed)).toBeVisible();

    listFails = false;
    cleanup();
    renderAdmin(<Mp3AdminTab />);
    await user.click(screen.getByRole("tab", { name: T.library }));
    await user.click(await screen.findByRole("button", { name: T.adminDelete("Track 0") }));
    await user.click(
      within(screen.getByRole("dialog", { name: T.deleteTitle })).getByRole("button", {
        name: M.deleteLabel,
      }),
    );
    expect(await screen.findByText(M.adminDeleteFailed)).toBeVisible();
  });
});
