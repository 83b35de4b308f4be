import { POST_LIMITS } from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { theme } from "../../app/theme.ts";
import { allPosts, postKeys } from "./cache.ts";
import { SharePostDialog } from "./SharePostDialog.tsx";
import {
  callsTo,
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
});

const max = POST_LIMITS.shareCaptionMax;
const warnAbove = Math.floor(max * POST_LIMITS.shareCaptionWarnRatio);

describe("SharePostDialog", () => {
  it("counts the caption and warns above 87 % of the limit", async () => {
    mockFetch(() => json({}));
    const user = userEvent.setup();
    renderWith(<SharePostDialog post={makePost()} open onClose={() => undefined} />);
    const dialog = await screen.findByRole("dialog", { name: "Share post" });
    const caption = within(dialog).getByRole("textbox");

    const counter = within(dialog).getByText(`0 / ${max}`);
    expect(counter).not.toHaveAttribute("data-warning");

    await user.click(caption);
    await user.paste("a".repeat(warnAbove));
    const atLimit = within(dialog).getByText(`${warnAbove} / ${max}`);
    expect(atLimit).not.toHaveAttribute("data-warning");
    expect(atLimit).not.toHaveStyle({ color: theme.palette.warning.main });

    await user.paste("a");
    const warning = within(dialog).getByText(`${warnAbove + 1} / ${max}`);
    expect(warning).toHaveAttribute("data-warning", "true");
    expect(warning).toHaveStyle({ color: theme.palette.warning.main });

    // The field stops at the limit.
    await user.paste("a".repeat(max));
    expect(caption).toHaveValue("a".repeat(max));
  });

  it("sends the caption trimmed and puts the share at the top of the feed", async () => {
    const share = makePost({
      postid: "s1",
      type: "share",
      postOwner: me._id,
      username: me.username,
      profileOwner: me._id,
      profileOwnerUsername: me.username,
      shareCaption: "listen",
      originalPost: "p1",
      originalResolved: makePost(),
    });
    const fetchMock = mockFetch(({ path }) =>
      path === "/api/auth/sharePost" ? json(share, 201) : json({}),
    );
    const qc = testQueryClient([makePost()]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWith(<SharePostDialog post={makePost()} open onClose={onClose} />, qc);

    const dialog = await screen.findByRole("dialog", { name: "Share post" });
    await user.type(within(dialog).getByRole("textbox"), "   listen  ");
    await user.click(within(dialog).getByRole("button", { name: "Share" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = callsTo(fetchMock, "/api/auth/sharePost")[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ originalPostId: "p1", caption: "listen" });
    expect(allPosts(qc.getQueryData(postKeys.feed)).map((p) => p.postid)).toEqual(["s1", "p1"]);
  });
});
