import {
  ADMIN_TEXTS,
  applyThemeChange,
  DEFAULT_THEME_SETTINGS,
  GIF_ADMIN_MESSAGES,
  type LibraryGif,
  type ThemeSettings,
  type ThemeSettingsUpdate,
} from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChatTab } from "./ChatTab.tsx";
import { calls, json, mockFetch, renderAdmin } from "./test-utils.tsx";

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const gif = (i: number): LibraryGif => ({
  _id: `g${i}`,
  gifid: `g${i}`,
  name: `Gif ${i}`,
  file: `/uploads/gifs/${i}.gif`,
  gif: `/uploads/gifs/${i}.gif`,
});

describe("ChatTab: chat management", () => {
  it("shows the 24-hour stat, and wipes the history only after the confirmation, toasting the count", async () => {
    let last24h = 42;
    const fetch = mockFetch(({ path, method }) => {
      if (path === "/api/auth/getGifs") return json({ gifs: [] });
      if (path === "/api/auth/chat/stats") return json({ last24h });
      if (path === "/api/auth/chat/clear" && method === "POST") {
        last24h = 0;
        return json({ deleted: 42 });
      }
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderAdmin(<ChatTab />);
    expect(await screen.findByText("42")).toBeVisible();
    expect(screen.getByText(ADMIN_TEXTS.chatStatLabel)).toBeVisible();

    await user.click(screen.getByRole("button", { name: ADMIN_TEXTS.wipeChat }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: ADMIN_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls(fetch)).not.toContain("POST /api/auth/chat/clear");

    await user.click(screen.getByRole("button", { name: ADMIN_TEXTS.wipeChat }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", {
        name: ADMIN_TEXTS.wipeConfirm,
      }),
    );
    expect(await screen.findByText("Chat history cleared: 42 messages deleted")).toBeVisible();
    expect(await screen.findByText("0")).toBeVisible();
  });

  it("toasts 'Failed to clear chat history' when the wipe fails", async () => {
    mockFetch(({ path }) => {
      if (path === "/api/auth/getGifs") return json({ gifs: [] });
      if (path === "/api/auth/chat/stats") return json({ last24h: 5 });
      return json({ message: "boom" }, 500);
    });
    const user = userEvent.setup();
    renderAdmin(<ChatTab />);
    await user.click(screen.getByRole("button", { name: ADMIN_TEXTS.wipeChat }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", {
        name: ADMIN_TEXTS.wipeConfirm,
      }),
    );
    expect(await screen.findByText("Failed to clear chat history")).toBeVisible();
  });

  it("polls the stat every 60 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    mockFetch(({ path }) => {
      if (path === "/api/auth/getGifs") return json({ gifs: [] });
      if (path === "/api/auth/chat/stats") return json({ last24h: ++n * 10 });
      return json({}, 404);
    });
    renderAdmin(<ChatTab />);
    expect(await screen.findByText("10")).toBeVisible();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(screen.getByText("10")).toBeVisible();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await screen.findByText("20")).toBeVisible();
  });
});

describe("ChatTab: GIF library", () => {
  it("lists 10 GIFs a page", async () => {
    mockFetch(({ path }) =>
      path === "/api/auth/getGifs"
        ? json({ gifs: Array.from({ length: 12 }, (_, i) => gif(i + 1)) })
        : json({ last24h: 0 }),
    );
    const user = userEvent.setup();
    renderAdmin(<ChatTab />);
    await user.click(screen.getByRole("tab", { name: "GIF Library" }));
    const table = await screen.findByRole("table", { name: ADMIN_TEXTS.gifLibraryTitle });
    expect(within(table).getAllByRole("img")).toHaveLength(10);
    expect(within(table).getByText("Gif 1")).toBeVisible();
    await user.click(screen.getByRole("button", { name: /next page/i }));
    expect(
      within(table)
        .getAllByRole("img")
        .map((i) => i.getAttribute("alt")),
    ).toEqual(["Gif 11", "Gif 12"]);
  });

  it("checks the upload form, uploads name and file, and reloads the list", async () => {
    let gifs = [gif(1)];
    const fetch = mockFetch(({ path, method, init }) => {
      if (path === "/api/auth/getGifs") return json({ gifs });
      if (path === "/api/auth/uploadGif" && method === "POST") {
        const form = init.body as FormData;
        expect(form.get("name")).toBe("Party");
        expect((form.get("file") as File).name).toBe("party.gif");
        gifs = [gif(2), ...gifs];
        return json({ message: GIF_ADMIN_MESSAGES.uploaded, gif: gif(2) });
      }
      return json({ last24h: 0 });
    });
    const user = userEvent.setup();
    renderAdmin(<ChatTab />);
    await user.click(screen.getByRole("tab", { name: "GIF Library" }));
    await user.click(await screen.findByRole("button", { name: ADMIN_TEXTS.uploadGif }));
    const dialog = await screen.findByRole("dialog", { name: ADMIN_TEXTS.uploadDialogTitle });
    await user.click(within(dialog).getByRole("button", { name: ADMIN_TEXTS.upload }));
    expect(within(dialog).getByText("Name is required")).toBeVisible();
    expect(within(dialog).getByText("GIF is required")).toBeVisible();

    const input = within(dialog).getByTestId("gif-file") as HTMLInputElement;
    await user.upload(
      input,
      Object.defineProperty(new File(["x"], "big.gif", { type: "image/gif" }), "size", {
        value: 11 * 1024 * 1024,
      }),
    );
    expect(within(dialog).getByText(GIF_ADMIN_MESSAGES.tooLarge)).toBeVisible();
    expect(calls(fetch)).not.toContain("POST /api/auth/uploadGif");

    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Party");
    await user.upload(input, new File(["GIF89a"], "party.gif", { type: "image/gif" }));
    await user.click(within(dialog).getByRole("button", { name: ADMIN_TEXTS.upload }));
    expect(await screen.findByText(GIF_ADMIN_MESSAGES.uploaded)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("img", { name: "Gif 2" })).toBeVisible();
  });

  it("toasts the server's refusal of an upload and keeps the dialog open", async () => {
    mockFetch(({ path }) => {
      if (path === "/api/auth/getGifs") return json({ gifs: [] });
      if (path === "/api/auth/uploadGif") return json({ message: GIF_ADMIN_MESSAGES.notGif }, 400);
      return json({ last24h: 0 });
    });
    const user = userEvent.setup();
    renderAdmin(<ChatTab />);
    await user.click(screen.getByRole("tab", { name: "GIF Library" }));
    expect(await screen.findByText(ADMIN_TEXTS.noGifs)).toBeVisible();
    await user.click(screen.getByRole("button", { name: ADMIN_TEXTS.uploadGif }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Fake");
    await user.upload(
      within(dialog).getByTestId("gif-file"),
      new File(["png"], "fake.gif", { type: "image/gif" }),
    );
    await user.click(within(dialog).getByRole("button", { name: ADMIN_TEXTS.upload }));
    expect(await screen.findByText(GIF_ADMIN_MESSAGES.notGif)).toBeVisible();
    expect(screen.getByRole("dialog")).toBeVisible();
  });

  it("deletes a GIF after the confirmation", async () => {
    let gifs = [gif(1), gif(2)];
    const fetch = mockFetch(({ path, body }) => {
      if (path === "/api/auth/getGifs") return json({ gifs });
      if (path === "/api/auth/deleteGif") {
        expect(body).toEqual({ gifId: "g1" });
        gifs = gifs.filter((g) => g._id !== "g1");
        return json({ message: GIF_ADMIN_MESSAGES.deleted, gifId: "g1" });
      }
      return json({ last24h: 0 });
    });
    const user = userEvent.setup();
    renderAdmin(<ChatTab />);
    await user.click(screen.getByRole("tab", { name: "GIF Library" }));
    await user.click(await screen.findByRole("button", { name: "Delete Gif 1" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }),
    );
    expect(await screen.findByText(GIF_ADMIN_MESSAGES.deleted)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("img", { name: "Gif 1" })).toBeNull());
    expect(calls(fetch)).toContain("POST /api/auth/deleteGif");
  });
});

describe("ChatTab: theme controls", () => {
  function themeServer(fail = false) {
    let settings: ThemeSettings = structuredClone(DEFAULT_THEME_SETTINGS);
    const sent: ThemeSettingsUpdate[] = [];
    const fetch = mockFetch(({ path, method, body }) => {
      if (path === "/api/auth/theme-settings") {
        if (method === "POST") {
          if (fail) return json({ message: "no" }, 500);
          sent.push(body as ThemeSettingsUpdate);
          settings = applyThemeChange(settings, body as ThemeSettingsUpdate);
        }
        return json({ success: true, settings });
      }
      if (path === "/api/auth/getGifs") return json({ gifs: [] });
      return json({ last24h: 0 });
    });
    return { fetch, sent };
  }

  it("saves each change at once: Christmas turns bonfire off and unlocks snow and rope lights", async () => {
    const { sent } = themeServer();
    const user = userEvent.setup();
    renderAdmin(<ChatTab />);
    await user.click(screen.getByRole("tab", { name: "Theme Controls" }));
    const sw = (name: string) => screen.getByRole("switch", { name });
    await waitFor(() => expect(sw(ADMIN_TEXTS.bonfireTheme)).toBeChecked());
    expect(sw(ADMIN_TEXTS.snow)).toBeDisabled();
    expect(sw(ADMIN_TEXTS.ropeLights)).toBeDisabled();

    await user.click(sw(ADMIN_TEXTS.christmasTheme));
    expect(await screen.findByText("Theme settings saved successfully")).toBeVisible();
    await waitFor(() => expect(sw(ADMIN_TEXTS.christmasTheme)).toBeChecked());
    expect(sw(ADMIN_TEXTS.bonfireTheme)).not.toBeChecked();
    expect(sw(ADMIN_TEXTS.snow)).toBeEnabled();

    await user.click(sw(ADMIN_TEXTS.snow));
    await waitFor(() => expect(sw(ADMIN_TEXTS.snow)).not.toBeChecked());
    expect(sent).toEqual([{ christmas: { enabled: true } }, { christmas: { snowEnabled: false } }]);
    // The saved settings are kept for the page's effects.
    expect(JSON.parse(localStorage.getItem("themeSettings") ?? "{}").activeTheme).toBe("christmas");
  });

  it("toasts 'Failed to save theme settings' when saving fails and keeps the shown settings", async () => {
    themeServer(true);
    const user = userEvent.setup();
    renderAdmin(<ChatTab />);
    await user.click(screen.getByRole("tab", { name: "Theme Controls" }));
    const christmas = screen.getByRole("switch", { name: ADMIN_TEXTS.christmasTheme });
    await user.click(christmas);
    expect(await screen.findByText("Failed to save theme settings")).toBeVisible();
    expect(christmas).not.toBeChecked();
    expect(screen.getByRole("switch", { name: ADMIN_TEXTS.bonfireTheme })).toBeChecked();
  });

  it("holds the MP3 library's admin tab in its MP3 Library sub-tab", async () => {
    themeServer();
    const user = userEvent.setup();
    renderAdmin(<ChatTab />);
    await user.click(screen.getByRole("tab", { name: "MP3 Library" }));
    expect(await screen.findByRole("tab", { name: "Batch Upload" })).toBeVisible();
  });
});
