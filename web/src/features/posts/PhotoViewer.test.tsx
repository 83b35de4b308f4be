import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PhotoViewer, wrapIndex } from "./PhotoViewer.tsx";
import { json, makePost, mockFetch, renderWith } from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const photos = [
  makePost({ postid: "a", image: "/uploads/a.webp", username: "ann", post: "first" }),
  makePost({ postid: "t", image: null, post: "text only" }),
  makePost({ postid: "b", image: "/uploads/b.webp", username: "ben", post: "second" }),
  makePost({ postid: "c", image: "/uploads/c.webp", username: "cat", post: "third" }),
];

describe("PhotoViewer", () => {
  it("wraps around with the buttons and shows 'n / total' with the author", async () => {
    mockFetch(() => json({}));
    const user = userEvent.setup();
    renderWith(<PhotoViewer photos={photos} open startIndex={0} onClose={() => undefined} />);
    const dialog = await screen.findByRole("dialog");

    expect(within(dialog).getByText("1 / 3")).toBeInTheDocument();
    expect(within(dialog).getByText("ann")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Previous photo" }));
    expect(within(dialog).getByText("3 / 3")).toBeInTheDocument();
    expect(within(dialog).getByText("cat")).toBeInTheDocument();
    expect(within(dialog).getByRole("img", { name: "third" })).toHaveAttribute(
      "src",
      "/uploads/c.webp",
    );

    await user.click(within(dialog).getByRole("button", { name: "Next photo" }));
    expect(within(dialog).getByText("1 / 3")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Next photo" }));
    expect(within(dialog).getByText("2 / 3")).toBeInTheDocument();
    expect(within(dialog).getByText("ben")).toBeInTheDocument();
  });

  it("moves with the arrow keys and starts at the given photo", async () => {
    mockFetch(() => json({}));
    const user = userEvent.setup();
    renderWith(<PhotoViewer photos={photos} open startIndex={2} onClose={() => undefined} />);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("3 / 3")).toBeInTheDocument();

    await user.keyboard("{ArrowRight}");
    expect(within(dialog).getByText("1 / 3")).toBeInTheDocument();
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(within(dialog).getByText("2 / 3")).toBeInTheDocument();
  });

  it("wrapIndex stays in range both ways", () => {
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(0, 0)).toBe(0);
  });
});
