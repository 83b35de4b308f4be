import {
  CHAT_CLIENT_EVENTS as IN,
  MP3_MESSAGES as M,
  type Mp3TrackData,
  MP3_UI_TEXTS as T,
} from "@airwave/contracts";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, me, mockFetch } from "../../test/fake-session.tsx";
import { renderInRoom } from "../chat/room/testing.tsx";
import { chatMessage } from "../chat/test-utils.ts";
import { DownloadManager, setDownloadManager } from "./downloads.ts";
import { mp3RoomUi } from "./room-ui.tsx";
import { listAnswer, mp3Track } from "./testing.ts";

const Header = mp3RoomUi.header as NonNullable<typeof mp3RoomUi.header>;
const Share = mp3RoomUi.messages?.mp3share as NonNullable<
  NonNullable<typeof mp3RoomUi.messages>["mp3share"]
>;

const trackData: Mp3TrackData = {
  trackId: "t-1",
  trackName: "Sunset Tone",
  username: "bob",
  userProfilePic: "/images/default.webp",
  downloadUrl: "/api/auth/mp3/t-1/file",
  fileSize: 2 * 1024 * 1024,
  bannerTitle: "Sunset Tone",
  bannerSubtitle: M.shareBannerSubtitle("bob"),
  sharedBy: "carol",
};

let files: Map<string, { resolve: () => void; reject: (e: Error) => void }>;

beforeEach(() => {
  localStorage.clear();
  files = new Map();
  setDownloadManager(
    new DownloadManager(
      (url) =>
        new Promise((resolve, reject) =>
          files.set(url, {
            resolve: () => resolve({ blob: new Blob(["x"]), name: null }),
            reject,
          }),
        ),
      vi.fn(),
    ),
  );
  mockFetch(({ path }) =>
    path === "/api/auth/mp3/list"
      ? json(listAnswer([mp3Track()]))
      : json({ success: true, downloadCount: 1 }),
  );
});
afterEach(() => {
  cleanup();
  setDownloadManager(null);
  vi.unstubAllGlobals();
});

describe("the MP3 library in the chat room", () => {
  it("opens the dialog from the header with tabs Upload, Library and Downloads, and shares a track into the room", async () => {
    const user = userEvent.setup();
    const { socket } = await renderInRoom(<Header me={me} mobile={false} />);
    await user.click(screen.getByRole("button", { name: T.open }));
    const dialog = await screen.findByRole("dialog", { name: T.open });
    expect(
      within(dialog)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual([M.uploadTab, M.libraryTab, M.downloadsTab]);
    expect(within(dialog).getByRole("tab", { name: M.uploadTab })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    // A member is not staff: no delete.
    await user.click(within(dialog).getByRole("tab", { name: M.libraryTab }));
    const row = await within(dialog).findByRole("listitem", { name: "Sunset Tone" });
    expect(within(row).queryByRole("button", { name: M.deleteLabel })).toBeNull();
    await user.click(within(row).getByRole("button", { name: T.share }));
    expect(socket.emit).toHaveBeenCalledWith(IN.message, {
      message: "",
      type: "mp3share",
      trackId: "t-1",
    });
  });

  it("offers 'Delete (Admin Only)' to a Moderator", async () => {
    const user = userEvent.setup();
    await renderInRoom(<Header me={{ ...me, role: "Moderator" }} mobile={false} />);
    await user.click(screen.getByRole("button", { name: T.open }));
    const dialog = await screen.findByRole("dialog", { name: T.open });
    await user.click(within(dialog).getByRole("tab", { name: M.libraryTab }));
    const row = await within(dialog).findByRole("listitem", { name: "Sunset Tone" });
    expect(within(row).getByRole("button", { name: M.deleteLabel })).toBeVisible();
  });

  it("follows a download in the Downloads tab, and hints at Sequential when one is blocked", async () => {
    const user = userEvent.setup();
    await renderInRoom(<Header me={me} mobile={false} />);
    await user.click(screen.getByRole("button", { name: T.open }));
    const dialog = await screen.findByRole("dialog", { name: T.open });
    await user.click(within(dialog).getByRole("tab", { name: M.downloadsTab }));
    expect(within(dialog).getByText(T.queueEmpty)).toBeVisible();
    const sequential = within(dialog).getByRole("switch", { name: T.sequential });
    expect(sequential).toBeChecked();
    await user.click(sequential);

    await user.click(within(dialog).getByRole("tab", { name: M.libraryTab }));
    const row = await within(dialog).findByRole("listitem", { name: "Sunset Tone" });
    await user.click(within(row).getByRole("button", { name: T.download }));
    await user.click(within(dialog).getByRole("tab", { name: M.downloadsTab }));
    const item = within(dialog).getByRole("listitem", { name: "Sunset Tone" });
    expect(item).toHaveAttribute("data-state", "active");
    expect(within(item).getByText(T.downloadStates.active)).toBeVisible();

    await act(async () => files.get("/api/auth/mp3/t-1/file")?.reject(new TypeError("blocked")));
    await waitFor(() => expect(item).toHaveAttribute("data-state", "error"));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(M.downloadBlocked);
  });
});

describe("a shared track in the chat", () => {
  it("shows mp3share with the track's banner, a player and a download that marks it", async () => {
    const user = userEvent.setup();
    await renderInRoom(
      <Share message={chatMessage({ type: "mp3share", message: "Sunset Tone", trackData })} />,
    );
    const card = await screen.findByRole("group", { name: "Sunset Tone" });
    expect(within(card).getByText(M.shareBannerSubtitle("bob"))).toBeVisible();
    expect(within(card).getByText(`${T.sharedBy("carol")} · 2.0 MB`)).toBeVisible();
    expect(card.querySelector("audio")).toHaveAttribute("src", "/api/auth/mp3/t-1/file");
    expect(within(card).getByRole("button", { name: T.play("Sunset Tone") })).toBeVisible();

    await user.click(within(card).getByRole("button", { name: T.download }));
    await act(async () => files.get("/api/auth/mp3/t-1/file")?.resolve());
    expect(await within(card).findByRole("button", { name: T.downloaded })).toBeVisible();
  });

  it("shows mp3share-simple as one line with the player, no banner", async () => {
    const Simple = mp3RoomUi.messages?.["mp3share-simple"] as typeof Share;
    await renderInRoom(
      <Simple message={chatMessage({ type: "mp3share-simple", message: "x", trackData })} />,
    );
    const card = await screen.findByRole("group", { name: "Sunset Tone" });
    expect(within(card).queryByText(M.shareBannerSubtitle("bob"))).toBeNull();
    expect(within(card).getByRole("button", { name: T.play("Sunset Tone") })).toBeVisible();
  });
});
