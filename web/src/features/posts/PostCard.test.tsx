import { POST_MESSAGES, type PostView } from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { allPosts } from "./cache.ts";
import { useFeed } from "./hooks.ts";
import { PostList } from "./PostList.tsx";
import {
  callsTo,
  deferred,
  json,
  makePost,
  me,
  mockFetch,
  renderWith,
  testQueryClient,
} from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The feed as the page shows it: cards re-render from the query cache. */
function Feed() {
  const feed = useFeed();
  return <PostList posts={allPosts(feed.data)} reportOwnPosts />;
}

const renderFeed = (posts: PostView[]) => renderWith(<Feed />, testQueryClient(posts));
const card = (username = "bob") => screen.getByRole("article", { name: `Post by ${username}` });

describe("PostCard likes", () => {
  it("likes at once, then takes the server's count", async () => {
    const answer = deferred<Response>();
    mockFetch(({ path }) => (path === "/api/auth/likePost" ? answer.promise : json({})));
    const user = userEvent.setup();
    renderFeed([makePost({ likeCount: 2 })]);

    await user.click(within(card()).getByRole("button", { name: "Like" }));
    // Optimistic: before the server answers.
    expect(within(card()).getByRole("button", { name: "Unlike" })).toBeInTheDocument();
    expect(within(card()).getByRole("button", { name: "Show likes (3)" })).toBeInTheDocument();

    answer.resolve(json({ likeCount: 7, likedByMe: true }));
    expect(
      await within(card()).findByRole("button", { name: "Show likes (7)" }),
    ).toBeInTheDocument();
  });

  it("goes back when the call fails, with no message to the user", async () => {
    const answer = deferred<Response>();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fetchMock = mockFetch(({ path }) =>
      path === "/api/auth/likePost" ? answer.promise : json({}),
    );
    const user = userEvent.setup();
    renderFeed([makePost({ likeCount: 1, likedByMe: true, likes: [{ user: me._id, date: "" }] })]);

    await user.click(within(card()).getByRole("button", { name: "Unlike" }));
    expect(within(card()).getByRole("button", { name: "Like" })).toBeInTheDocument();
    expect(within(card()).getByRole("button", { name: "Show likes (0)" })).toBeDisabled();
    const [, init] = callsTo(fetchMock, "/api/auth/likePost")[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ postId: "p1", action: "unlike" });

    answer.resolve(json({ message: "Something went wrong" }, 500));
    expect(await within(card()).findByRole("button", { name: "Unlike" })).toBeInTheDocument();
    expect(within(card()).getByRole("button", { name: "Show likes (1)" })).toBeEnabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("PostCard report", () => {
  it("marks the post 'Already reported' and disables Report after a report", async () => {
    const fetchMock = mockFetch(({ path }) =>
      path === "/api/auth/reportPost" ? json({ message: POST_MESSAGES.reported }) : json({}),
    );
    const user = userEvent.setup();
    // In the feed, Report shows on the viewer's own posts too.
    renderFeed([makePost({ postOwner: me._id, username: me.username })]);

    await user.click(within(card(me.username)).getByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report post" });
    const submit = within(dialog).getByRole("button", { name: "Submit report" });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Spam" }));
    expect(within(dialog).getByRole("button", { name: "Spam" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(submit);

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [, init] = callsTo(fetchMock, "/api/auth/reportPost")[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ postId: "p1", reason: "spam", detail: "" });
    expect(within(card(me.username)).getByText(POST_MESSAGES.alreadyReported)).toBeInTheDocument();
    expect(within(card(me.username)).getByRole("button", { name: "Report" })).toBeDisabled();
  });
});

describe("PostCard comments", () => {
  it("sends a comment with Enter, keeps Shift+Enter as a new line, and refuses blank text", async () => {
    const fetchMock = mockFetch(({ path, init }) => {
      if (path !== "/api/auth/commentPost") return json({});
      const { comment } = JSON.parse(String(init.body));
      return json(
        {
          _id: "c1",
          commentId: "c1",
          comment,
          content: comment,
          username: me.username,
          userImage: me.profileimage,
          user: me._id,
          date: new Date().toISOString(),
          updatedAt: null,
          likeCount: 0,
          likedByMe: false,
        },
        201,
      );
    });
    const user = userEvent.setup();
    renderFeed([makePost()]);

    await user.click(within(card()).getByRole("button", { name: "Comments" }));
    const box = await within(card()).findByRole("textbox", { name: "Write a comment" });
    const send = within(card()).getByRole("button", { name: "Send comment" });
    expect(send).toBeDisabled();
    await user.type(box, "   ");
    expect(send).toBeDisabled();
    await user.type(box, "{Enter}");
    expect(callsTo(fetchMock, "/api/auth/commentPost")).toHaveLength(0);

    await user.clear(box);
    await user.type(box, "nice{Shift>}{Enter}{/Shift}set");
    expect(box).toHaveValue("nice\nset");
    await user.keyboard("{Enter}");

    expect(await within(card()).findByText(/nice\s+set/)).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, "/api/auth/commentPost")[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ postid: "p1", comment: "nice\nset" });
    expect(box).toHaveValue("");
    expect(within(card()).getByRole("button", { name: "Comments" })).toHaveTextContent("1");
  });
});
