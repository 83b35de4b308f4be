import { MP3_LIMITS, MP3_MESSAGES, MP3_UI_TEXTS as T } from "@airwave/contracts";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders, json, mockFetch, signedInQueryClient } from "../../test/fake-session.tsx";
import { DownloadManager, downloadManager, setDownloadManager } from "./downloads.ts";
import { LibraryTab } from "./LibraryTab.tsx";
import { listAnswer, mp3Track } from "./testing.ts";

const tracks = [
  mp3Track({ _id: "t-1", trackName: "Sunset Tone" }),
  mp3Track({ _id: "t-2", trackName: "Night Drive", downloadCount: 3 }),
];

/** The library's server: the list's queries are recorded; DELETE answers `deleteAnswer`. */
function libraryServer(
  deleteAnswer = () => json({ success: true, message: "ok", remoteDeleted: true }),
) {
  const queries: URLSearchParams[] = [];
  const fetch = mockFetch(({ path, method, url }) => {
    if (path === "/api/auth/mp3/list") {
      queries.push(url.searchParams);
      return json(listAnswer(tracks, 3));
    }
    if (method === "DELETE") return deleteAnswer();
    return json({ success: true, downloadCount: 1 });
  });
  return { queries, fetch };
}

const renderLibrary = (props: { canDelete?: boolean; onShare?: () => void } = {}) =>
  render(
    <AppProviders qc={signedInQueryClient()}>
      <LibraryTab canDelete={props.canDelete ?? false} onShare={props.onShare} />
    </AppProviders>,
  );

beforeEach(() => {
  localStorage.clear();
  setDownloadManager(new DownloadManager(() => new Promise(() => {}), vi.fn()));
});
afterEach(() => {
  cleanup();
  setDownloadManager(null);
  vi.unstubAllGlobals();
});

describe("LibraryTab", () => {
  it("lists 20 a page, newest first, and asks again for a search, a sort and a page", async () => {
    const { queries } = libraryServer();
    const user = userEvent.setup();
    renderLibrary();
    const list = await screen.findByRole("list", { name: T.library });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("aria-label")),
    ).toEqual(["Sunset Tone", "Night Drive"]);
    expect(within(list).getByText(/3 downloads/)).toBeVisible();
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({
      page: "1",
      limit: String(MP3_LIMITS.pageSize),
      search: "",
      sort: "uploadedAt",
      order: "desc",
    });

    await user.type(screen.getByLabelText(T.search), "night");
    await waitFor(() => expect(queries.at(-1)?.get("search")).toBe("night"));
    await user.click(screen.getByRole("combobox", { name: T.sortBy }));
    await user.click(screen.getByRole("option", { name: T.sorts.downloadCount }));
    await user.click(screen.getByRole("button", { name: T.orderDesc }));
    await waitFor(() =>
      expect([queries.at(-1)?.get("sort"), queries.at(-1)?.get("order")]).toEqual([
        "downloadCount",
        "asc",
      ]),
    );
    await user.click(screen.getByRole("button", { name: "Go to page 2" }));
    await waitFor(() => expect(queries.at(-1)?.get("page")).toBe("2"));
  });

  it("shows 'Delete (Admin Only)' to staff only, and a failed delete says so", async () => {
    libraryServer(() => json({ message: "Storage is down." }, 503));
    const user = userEvent.setup();
    const { unmount } = renderLibrary();
    await screen.findByRole("list", { name: T.library });
    expect(screen.queryByRole("button", { name: MP3_MESSAGES.deleteLabel })).toBeNull();
    unmount();

    renderLibrary({ canDelete: true });
    const row = await screen.findByRole("listitem", { name: "Night Drive" });
    await user.click(within(row).getByRole("button", { name: MP3_MESSAGES.deleteLabel }));
    const confirm = screen.getByRole("dialog", { name: T.deleteTitle });
    await user.click(within(confirm).getByRole("button", { name: MP3_MESSAGES.deleteLabel }));
    const failed = await screen.findByRole("dialog", { name: MP3_MESSAGES.deleteFailedTitle });
    expect(failed).toHaveTextContent("Storage is down.");
  });

  it("deletes a track and lists the library again", async () => {
    const { fetch } = libraryServer();
    const user = userEvent.setup();
    renderLibrary({ canDelete: true });
    const row = await screen.findByRole("listitem", { name: "Night Drive" });
    await user.click(within(row).getByRole("button", { name: MP3_MESSAGES.deleteLabel }));
    const confirm = screen.getByRole("dialog", { name: T.deleteTitle });
    await user.click(within(confirm).getByRole("button", { name: MP3_MESSAGES.deleteLabel }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([input, init]) =>
            String(input).endsWith("/api/auth/mp3/t-2") && init?.method === "DELETE",
        ),
      ).toBe(true),
    );
  });

  it("warns 'No Selection' when none is selected, and queues the selected tracks", async () => {
    libraryServer();
    const user = userEvent.setup();
    renderLibrary();
    await screen.findByRole("list", { name: T.library });
    await user.click(screen.getByRole("button", { name: T.downloadSelected(0) }));
    const warning = screen.getByRole("dialog", { name: MP3_MESSAGES.noSelectionTitle });
    expect(warning).toHaveTextContent(MP3_MESSAGES.noSelection);
    await user.click(within(warning).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("checkbox", { name: T.select("Sunset Tone") }));
    await user.click(screen.getByRole("checkbox", { name: T.select("Night Drive") }));
    await user.click(screen.getByRole("button", { name: T.downloadSelected(2) }));
    expect(screen.getByRole("button", { name: T.downloadSelected(0) })).toBeEnabled();
    // Sequential by default: the first downloads, the second waits.
    expect(
      downloadManager()
        .getSnapshot()
        .entries.map((e) => [e.track.trackName, e.state]),
    ).toEqual([
      ["Sunset Tone", "active"],
      ["Night Drive", "queued"],
    ]);
  });

  it("disables the batch download while 5 are downloading, and marks downloaded tracks", async () => {
    libraryServer();
    localStorage.setItem(MP3_LIMITS.downloadedTracksStorageKey, JSON.stringify(["t-1"]));
    const m = new DownloadManager(() => new Promise(() => {}), vi.fn());
    setDownloadManager(m);
    m.setSequential(false);
    m.enqueue(
      [1, 2, 3, 4, 5].map((i) => ({
        id: `x-${i}`,
        trackName: `X${i}`,
        url: `/x${i}`,
        fileSize: 1,
      })),
    );
    renderLibrary();
    const sunset = await screen.findByRole("listitem", { name: "Sunset Tone" });
    expect(within(sunset).getByText(T.downloaded)).toBeVisible();
    expect(
      within(screen.getByRole("listitem", { name: "Night Drive" })).queryByText(T.downloaded),
    ).toBeNull();
    expect(screen.getByRole("button", { name: T.downloadSelected(0) })).toBeDisabled();
  });

  it("shares a track through the given handler", async () => {
    libraryServer();
    const onShare = vi.fn();
    const user = userEvent.setup();
    renderLibrary({ onShare });
    const row = await screen.findByRole("listitem", { name: "Night Drive" });
    await user.click(within(row).getByRole("button", { name: T.share }));
    expect(onShare).toHaveBeenCalledWith(tracks[1]);
  });

  it("says the tracks could not be loaded", async () => {
    mockFetch(() => json({}, 500));
    renderLibrary();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MP3_MESSAGES.fetchTracksFailed);
    expect(alert).toHaveTextContent(MP3_MESSAGES.loadTracksFailed);
  });
});
