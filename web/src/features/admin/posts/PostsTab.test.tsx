import {
  type AdminPostReport,
  type AdminPostRow,
  ADMIN_POSTS_MESSAGES as T,
} from "@airwave/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch, renderAdmin } from "../test-utils.tsx";
import { PostsTab } from "./PostsTab.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = "/api/auth/admin/posts";

const row = (i: number, over: Partial<AdminPostRow> = {}): AdminPostRow => ({
  _id: `p${i}`,
  id: `p${i}`,
  username: `author${i}`,
  userId: `u${i}`,
  profileimage: "/img/default.png",
  post: `Post number ${i}`,
  image: null,
  date: new Date(Date.now() - i * 60_000).toISOString(),
  likeCount: i,
  commentCount: 2 * i,
  reportCount: 0,
  reasons: [],
  ...over,
});

const page = (posts: AdminPostRow[], total = posts.length, p = 1) => ({
  posts,
  total,
  page: p,
  pageSize: 12,
});

/** The query strings of every list request, in order. */
const listQueries = (fn: { mock: { calls: unknown[][] } }) =>
  fn.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((u) => u.pathname === LIST)
    .map((u) => Object.fromEntries(u.searchParams));

describe("PostsTab: the lists", () => {
  it("loads all posts when opened, with author, text, image, counts and severity chips, 12 a page", async () => {
    const fetch = mockFetch(({ path, url }) => {
      if (path !== LIST) return json({}, 404);
      if (url.searchParams.get("page") === "2") return json(page([row(13)], 13, 2));
      return json(
        page(
          [
            row(1, { reportCount: 12, reasons: ["spam", "hate"], image: "/uploads/posts/a.jpg" }),
            row(2, { reportCount: 6, reasons: ["nudity"] }),
            row(3, { reportCount: 2, reasons: ["other"] }),
            ...Array.from({ length: 9 }, (_, i) => row(i + 4)),
          ],
          13,
        ),
      );
    });
    const user = userEvent.setup();
    renderAdmin(<PostsTab />);

    const table = await screen.findByRole("table", { name: T.title });
    expect(within(table).getAllByRole("row")).toHaveLength(13); // header + 12
    expect(within(table).getByText("author1")).toBeVisible();
    expect(within(table).getByText("Post number 1")).toBeVisible();
    expect(within(table).getByRole("img", { name: T.postImage })).toHaveAttribute(
      "src",
      "/uploads/posts/a.jpg",
    );
    expect(within(table).getByText("Spam, Hate")).toBeVisible();
    expect(screen.getByLabelText("12 reports")).toHaveClass("MuiChip-colorError");
    expect(screen.getByLabelText("6 reports")).toHaveClass("MuiChip-colorWarning");
    expect(screen.getByLabelText("2 reports")).toHaveClass("MuiChip-colorInfo");
    expect(screen.getByLabelText("3 likes")).toHaveTextContent("3");
    expect(screen.getByLabelText("6 comments")).toHaveTextContent("6");
    expect(listQueries(fetch)[0]).toEqual({ view: "all", page: "1" });
    // The filters belong to the reported view.
    expect(screen.queryByLabelText(T.minReportsLabel)).toBeNull();

    await user.click(screen.getByRole("button", { name: "Go to next page" }));
    expect(await screen.findByText("Post number 13")).toBeVisible();
    expect(listQueries(fetch).at(-1)).toEqual({ view: "all", page: "2" });
  });

  it("filters the reported view by reason and minimum, refusing a minimum below 1", async () => {
    const fetch = mockFetch(({ path, url }) => {
      if (path !== LIST) return json({}, 404);
      if (url.searchParams.get("view") === "all") return json(page([row(1)]));
      if (url.searchParams.get("reason") === "violence") return json(page([]));
      return json(page([row(5, { reportCount: 3, reasons: ["spam"] })]));
    });
    const user = userEvent.setup();
    renderAdmin(<PostsTab />);
    await screen.findByText("Post number 1");

    await user.click(screen.getByRole("button", { name: T.reportedOnly }));
    expect(await screen.findByText("Post number 5")).toBeVisible();
    expect(listQueries(fetch).at(-1)).toEqual({ view: "reported", min: "1", page: "1" });

    const min = screen.getByLabelText(T.minReportsLabel);
    fireEvent.change(min, { target: { value: "3" } });
    await waitFor(() =>
      expect(listQueries(fetch).at(-1)).toEqual({ view: "reported", min: "3", page: "1" }),
    );

    const before = listQueries(fetch).length;
    fireEvent.change(min, { target: { value: "0" } });
    expect(await screen.findByText(T.minReportsInvalid)).toBeVisible();
    expect(min).toHaveAttribute("aria-invalid", "true");
    fireEvent.change(min, { target: { value: "" } });
    expect(screen.getByText(T.minReportsInvalid)).toBeVisible();
    expect(listQueries(fetch)).toHaveLength(before);
    expect(listQueries(fetch).map((q) => q.min)).not.toContain("0");
    fireEvent.change(min, { target: { value: "3" } });
    await waitFor(() => expect(screen.queryByText(T.minReportsInvalid)).toBeNull());

    await user.click(screen.getByRole("combobox", { name: T.reasonLabel }));
    const options = within(screen.getByRole("listbox")).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "All",
      "Nudity",
      "Sexual",
      "Harassment",
      "Racism",
      "Spam",
      "Violence",
      "Hate",
      "Other",
    ]);
    await user.click(screen.getByRole("option", { name: "Violence" }));
    expect(await screen.findByText(T.noReportedPosts)).toBeVisible();
    expect(listQueries(fetch).at(-1)).toEqual({
      view: "reported",
      reason: "violence",
      min: "3",
      page: "1",
    });
  });

  it("toasts 'Failed to fetch reported posts' when the list fails, and retries", async () => {
    let fail = true;
    mockFetch(({ path }) => {
      if (path !== LIST) return json({}, 404);
      return fail ? json({ message: "boom" }, 500) : json(page([row(1)]));
    });
    const user = userEvent.setup();
    renderAdmin(<PostsTab />);
    // The toast and the inline alert.
    await waitFor(() => expect(screen.getAllByText(T.fetchFailed)).toHaveLength(2));
    fail = false;
    await user.click(screen.getByRole("button", { name: T.retry }));
    expect(await screen.findByText("Post number 1")).toBeVisible();
  });
});

describe("PostsTab: the post dialog", () => {
  const reports: AdminPostReport[] = [
    {
      user: { username: "reporter_b", profileimage: "/img/b.png" },
      reason: "harassment",
      detail: "Keeps insulting people",
      date: new Date().toISOString(),
    },
    {
      user: { username: "reporter_c", profileimage: "/img/c.png" },
      reason: "spam",
      detail: "",
      date: new Date(Date.now() - 3_600_000).toISOString(),
    },
  ];

  it("shows the whole post and its reports, and deletes it after the confirmation", async () => {
    const reported = row(1, {
      post: "A long post ".repeat(20).trim(),
      image: "/uploads/posts/x.jpg",
      reportCount: 2,
      reasons: ["harassment", "spam"],
    });
    let deleted = false;
    mockFetch(({ path, method, body }) => {
      if (path === LIST) return json(deleted ? page([]) : page([reported]));
      if (path === "/api/auth/admin/posts/p1/reports") return json({ post: reported, reports });
      if (path === "/api/auth/deletePost" && method === "POST") {
        expect(body).toEqual({ postid: "p1" });
        deleted = true;
        return json({ ok: true });
      }
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderAdmin(<PostsTab />);
    await user.click(await screen.findByRole("button", { name: T.open("author1") }));

    const dialog = await screen.findByRole("dialog", { name: T.dialogTitle("author1") });
    expect(within(dialog).getByText(reported.post)).toBeVisible();
    expect(within(dialog).getByRole("img", { name: T.postImage })).toBeVisible();
    const list = await within(dialog).findByRole("list", { name: T.reportsTitle });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("reporter_b");
    expect(items[0]).toHaveTextContent("Harassment");
    expect(items[0]).toHaveTextContent("Keeps insulting people");
    expect(items[0]).toHaveTextContent("just now");
    expect(items[1]).toHaveTextContent("reporter_c");
    expect(items[1]).toHaveTextContent("Spam");

    // Cancel keeps the post.
    await user.click(within(dialog).getByRole("button", { name: T.deletePost }));
    const confirm = await screen.findByRole("dialog", { name: T.deleteConfirmTitle });
    await user.click(within(confirm).getByRole("button", { name: T.cancel }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: T.deleteConfirmTitle })).toBeNull(),
    );
    expect(deleted).toBe(false);

    await user.click(within(dialog).getByRole("button", { name: T.deletePost }));
    await user.click(
      within(await screen.findByRole("dialog", { name: T.deleteConfirmTitle })).getByRole(
        "button",
        { name: T.delete },
      ),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText(T.noPosts)).toBeVisible();
    expect(deleted).toBe(true);
  });

  it("says 'No reports found' for a post without reports, and toasts 'Failed to delete post'", async () => {
    const plain = row(4);
    mockFetch(({ path }) => {
      if (path === LIST) return json(page([plain]));
      if (path === "/api/auth/admin/posts/p4/reports") return json({ post: plain, reports: [] });
      if (path === "/api/auth/deletePost") return json({ message: "boom" }, 500);
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderAdmin(<PostsTab />);
    await user.click(await screen.findByText("Post number 4"));
    const dialog = await screen.findByRole("dialog", { name: T.dialogTitle("author4") });
    expect(await within(dialog).findByText(T.noReports)).toBeVisible();

    await user.click(within(dialog).getByRole("button", { name: T.deletePost }));
    await user.click(
      within(await screen.findByRole("dialog", { name: T.deleteConfirmTitle })).getByRole(
        "button",
        { name: T.delete },
      ),
    );
    expect(await screen.findByText(T.deleteFailed)).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: T.deleteConfirmTitle })).toBeNull(),
    );
    expect(screen.getByRole("dialog", { name: T.dialogTitle("author4") })).toBeVisible();
  });
});
