import { GIF_API, GIF_MESSAGES, type GifItem } from "@airwave/contracts";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, json, mockFetch, signedInQueryClient } from "../../test/fake-session.tsx";
import { GifDialog, type PickedGif } from "./GifDialog.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const gif = (id: string, title: string): GifItem => ({
  id,
  title,
  images: {
    original: { url: `https://media.giphy.com/media/${id}/giphy.gif` },
    fixed_height: { url: `https://media.giphy.com/media/${id}/200.gif?cid=x` },
    fixed_height_small: { url: `https://media.giphy.com/media/${id}/100.gif` },
  },
});

const TRENDING = [gif("t1", "Trending Cat"), gif("t2", "Trending Dog")];

/** A page with a button that opens the dialog, and a list of what was picked. */
function Harness() {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<PickedGif[]>([]);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open GIFs
      </button>
      <output aria-label="picked">{picked.map((p) => p.url).join(" ")}</output>
      <GifDialog
        open={open}
        onClose={() => setOpen(false)}
        onSelect={(g) => setPicked((list) => [...list, g])}
      />
    </>
  );
}

function setup(handler: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch(handler);
  render(
    <AppProviders qc={signedInQueryClient()}>
      <Harness />
    </AppProviders>,
  );
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), "http://x").pathname === path)
    .length;

describe("GifDialog", () => {
  it("loads trending on open, searches with a trimmed query, sends the chosen GIF and closes", async () => {
    const user = userEvent.setup();
    const fetchMock = setup(({ path, url }) => {
      if (path === GIF_API.trending) return json({ data: TRENDING });
      if (path === GIF_API.search) {
        expect(url.searchParams.get("q")).toBe("party cat");
        return json({ data: [gif("s1", "Party Cat")] });
      }
      return json({ message: "unexpected" }, 500);
    });
    expect(calls(fetchMock, GIF_API.trending)).toBe(0);
    await user.click(screen.getByRole("button", { name: "Open GIFs" }));
    const dialog = await screen.findByRole("dialog", { name: GIF_MESSAGES.dialogTitle });
    expect(await screen.findByRole("button", { name: "Trending Cat" })).toBeVisible();
    expect(screen.getByText(GIF_MESSAGES.poweredBy)).toBeVisible();

    const search = screen.getByRole("button", { name: GIF_MESSAGES.searchButton });
    expect(search).toBeDisabled();
    await user.type(screen.getByLabelText(GIF_MESSAGES.searchLabel), "   ");
    expect(search).toBeDisabled();
    await user.clear(screen.getByLabelText(GIF_MESSAGES.searchLabel));
    await user.type(screen.getByLabelText(GIF_MESSAGES.searchLabel), "  party cat {Enter}");
    await user.click(await screen.findByRole("button", { name: "Party Cat" }));

    expect(screen.getByLabelText("picked")).toHaveTextContent(
      "https://media.giphy.com/media/s1/200.gif?cid=x",
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    // Opening again keeps the search; nothing is fetched again.
    await user.click(screen.getByRole("button", { name: "Open GIFs" }));
    expect(await screen.findByRole("button", { name: "Party Cat" })).toBeVisible();
    expect(calls(fetchMock, GIF_API.trending)).toBe(1);
    expect(calls(fetchMock, GIF_API.search)).toBe(1);
  });

  it("does not close on Escape or a backdrop click, only through its close button", async () => {
    const user = userEvent.setup();
    setup(() => json({ data: TRENDING }));
    await user.click(screen.getByRole("button", { name: "Open GIFs" }));
    const dialog = await screen.findByRole("dialog", { name: GIF_MESSAGES.dialogTitle });
    await user.keyboard("{Escape}");
    const backdrop = document.querySelector(".MuiBackdrop-root");
    if (backdrop) await user.click(backdrop);
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: GIF_MESSAGES.close }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByLabelText("picked")).toHaveTextContent("");
  });

  it("says 'No results.' for an empty search and 'Failed to load GIFs' when a search fails", async () => {
    const user = userEvent.setup();
    setup(({ path, url }) => {
      if (path === GIF_API.trending) return json({ data: TRENDING });
      if (url.searchParams.get("q") === "nothing") return json({ data: [] });
      return json({ message: "The GIF service is not available" }, 502);
    });
    await user.click(screen.getByRole("button", { name: "Open GIFs" }));
    const input = await screen.findByLabelText(GIF_MESSAGES.searchLabel);
    await user.type(input, "nothing{Enter}");
    expect(await screen.findByText(GIF_MESSAGES.noResults)).toBeVisible();
    await user.clear(input);
    await user.type(input, "broken{Enter}");
    expect(await screen.findByText(GIF_MESSAGES.failedToLoad)).toBeVisible();
    // Back to trending.
    await user.click(screen.getByRole("button", { name: GIF_MESSAGES.backToTrending }));
    expect(await screen.findByRole("button", { name: "Trending Cat" })).toBeVisible();
  });

  it("says 'Failed to load trending' when trending fails", async () => {
    const user = userEvent.setup();
    setup(() => json({ message: "down" }, 502));
    await user.click(screen.getByRole("button", { name: "Open GIFs" }));
    expect(await screen.findByText(GIF_MESSAGES.failedTrending)).toBeVisible();
  });

  it("shows the not-configured state, and the station's own GIFs still work", async () => {
    const user = userEvent.setup();
    setup(({ path }) => {
      if (path === GIF_API.library) {
        return json({
          gifs: [
            {
              gifid: "g1",
              _id: "g1",
              name: "Air horn",
              file: "/uploads/gifs/horn.gif",
              gif: "/uploads/gifs/horn.gif",
            },
          ],
        });
      }
      return json({ message: GIF_MESSAGES.notConfigured }, 503);
    });
    await user.click(screen.getByRole("button", { name: "Open GIFs" }));
    expect(await screen.findByText(GIF_MESSAGES.notConfigured)).toBeVisible();
    expect(screen.getByLabelText(GIF_MESSAGES.searchLabel)).toBeDisabled();

    await user.click(screen.getByRole("tab", { name: GIF_MESSAGES.libraryTab }));
    await user.click(await screen.findByRole("button", { name: "Air horn" }));
    expect(screen.getByLabelText("picked")).toHaveTextContent("/uploads/gifs/horn.gif");
  });

  it("says so when the station library is empty", async () => {
    const user = userEvent.setup();
    setup(({ path }) => (path === GIF_API.library ? json({ gifs: [] }) : json({ data: TRENDING })));
    await user.click(screen.getByRole("button", { name: "Open GIFs" }));
    await user.click(await screen.findByRole("tab", { name: GIF_MESSAGES.libraryTab }));
    expect(await screen.findByText(GIF_MESSAGES.noLibraryGifs)).toBeVisible();
  });

  it("pages the station library by 20 and searches it by name", async () => {
    const user = userEvent.setup();
    const gifs = Array.from({ length: 25 }, (_, i) => ({
      gifid: `g${i}`,
      _id: `g${i}`,
      name: i === 24 ? "Air horn" : `Loop ${i}`,
      file: `/uploads/gifs/${i}.gif`,
      gif: `/uploads/gifs/${i}.gif`,
    }));
    setup(({ path }) => (path === GIF_API.library ? json({ gifs }) : json({ data: TRENDING })));
    await user.click(screen.getByRole("button", { name: "Open GIFs" }));
    await user.click(await screen.findByRole("tab", { name: GIF_MESSAGES.libraryTab }));
    expect(await screen.findByText(GIF_MESSAGES.libraryPage(1, 2))).toBeVisible();
    expect(screen.getByRole("button", { name: "Loop 0" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Air horn" })).toBeNull();
    await user.click(screen.getByRole("button", { name: GIF_MESSAGES.nextPage }));
    expect(await screen.findByRole("button", { name: "Air horn" })).toBeVisible();
    expect(screen.getByText(GIF_MESSAGES.libraryPage(2, 2))).toBeVisible();

    const search = screen.getByRole("textbox", { name: GIF_MESSAGES.librarySearchLabel });
    await user.type(search, "horn");
    expect(screen.getByRole("button", { name: "Air horn" })).toBeVisible();
    expect(screen.queryByText(GIF_MESSAGES.libraryPage(1, 2))).toBeNull();
    await user.clear(search);
    await user.type(search, "nothing like it");
    expect(screen.getByText(GIF_MESSAGES.noLibraryMatches)).toBeVisible();
  });
});
