import { POST_LIMITS, POST_MESSAGES, type PostView } from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Composer } from "./Composer.tsx";
import { allPosts, postKeys } from "./cache.ts";
import {
  callsTo,
  deferred,
  json,
  makePost,
  mockFetch,
  renderWith,
  testQueryClient,
} from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const feedPosts = (qc: ReturnType<typeof testQueryClient>) =>
  allPosts(qc.getQueryData(postKeys.feed)).map((p) => p.postid);

const imageFile = (size: number, name = "photo.png", type = "image/png") => {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
};

describe("Composer", () => {
  it("keeps Post disabled while the text is empty or only spaces", async () => {
    mockFetch(() => json({}));
    const user = userEvent.setup();
    renderWith(<Composer />);
    const post = screen.getByRole("button", { name: "Post" });
    expect(post).toBeDisabled();

    await user.type(screen.getByRole("textbox", { name: "Post text" }), "   ");
    expect(post).toBeDisabled();

    await user.type(screen.getByRole("textbox", { name: "Post text" }), "hi");
    expect(post).toBeEnabled();
    expect(screen.getByText(`5 / ${POST_LIMITS.textMax}`)).toBeInTheDocument();
  });

  it("posts with Ctrl+Enter, is disabled while sending, and puts the new post at the top", async () => {
    const answer = deferred<Response>();
    const created = makePost({ postid: "new", post: "hello world", postOwner: "u-me" });
    const fetchMock = mockFetch(({ path }) =>
      path === "/api/auth/userPost" ? answer.promise : json({}),
    );
    const qc = testQueryClient([makePost({ postid: "old" })]);
    const user = userEvent.setup();
    renderWith(<Composer />, qc);

    const box = screen.getByRole("textbox", { name: "Post text" });
    await user.type(box, "  hello world ");
    await user.keyboard("{Control>}{Enter}{/Control}");

    await waitFor(() => expect(callsTo(fetchMock, "/api/auth/userPost")).toHaveLength(1));
    const [, init] = callsTo(fetchMock, "/api/auth/userPost")[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ post: "hello world" });
    expect(screen.getByRole("button", { name: "Post" })).toBeDisabled();

    answer.resolve(json(created, 201));
    await waitFor(() => expect(feedPosts(qc)).toEqual(["new", "old"]));
    expect(box).toHaveValue("");
    expect(screen.getByRole("button", { name: "Post" })).toBeDisabled();
  });

  it("Enter alone adds a line instead of posting", async () => {
    const fetchMock = mockFetch(() => json({}));
    const user = userEvent.setup();
    renderWith(<Composer />);
    const box = screen.getByRole("textbox", { name: "Post text" });
    await user.type(box, "one{Enter}two");
    expect(box).toHaveValue("one\ntwo");
    expect(callsTo(fetchMock, "/api/auth/userPost")).toHaveLength(0);
  });

  it("enables Post with only an image and sends it as multipart with the CSRF header", async () => {
    const created: PostView = makePost({ postid: "img", post: "", image: "/uploads/a.webp" });
    const fetchMock = mockFetch(({ path }) =>
      path === "/api/auth/userPostWithImage" ? json(created, 201) : json({}),
    );
    const qc = testQueryClient([]);
    const user = userEvent.setup();
    renderWith(<Composer profileOwnerId="u-bob" />, qc);

    await user.upload(screen.getByLabelText("Add image"), imageFile(1000));
    const post = screen.getByRole("button", { name: "Post" });
    expect(post).toBeEnabled();
    await user.click(post);

    await waitFor(() => expect(callsTo(fetchMock, "/api/auth/userPostWithImage")).toHaveLength(1));
    const [, init] = callsTo(fetchMock, "/api/auth/userPostWithImage")[0] ?? [];
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get("userid")).toBe("u-bob");
    expect((body.get("imageFile") as File).name).toBe("photo.png");
    const headers = init?.headers as Record<string, string>;
    expect(headers["content-type"]).toBeUndefined();
    expect(Object.values(headers)).toContain("tok");
    await waitFor(() => expect(feedPosts(qc)).toEqual(["img"]));
  });

  it("refuses an image over 5 MB in the feed with the feed's text", async () => {
    const fetchMock = mockFetch(() => json({}));
    const user = userEvent.setup();
    renderWith(<Composer />);
    await user.upload(screen.getByLabelText("Add image"), imageFile(POST_LIMITS.imageMaxBytes + 1));
    expect(await screen.findByText(POST_MESSAGES.feedImageTooLarge)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Post" })).toBeDisabled();
    expect(callsTo(fetchMock, "/api/auth/userPostWithImage")).toHaveLength(0);
  });

  it("shows the profile's titled dialogs for a large image and for a wrong type", async () => {
    mockFetch(() => json({}));
    const user = userEvent.setup({ applyAccept: false });
    renderWith(<Composer profileOwnerId="u-me" />);

    await user.upload(screen.getByLabelText("Add image"), imageFile(POST_LIMITS.imageMaxBytes + 1));
    let dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(POST_MESSAGES.imageTooLarge)).toBeInTheDocument();
    expect(within(dialog).getByText(POST_MESSAGES.imageTooLargeDetail)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.upload(screen.getByLabelText("Add image"), imageFile(10, "notes.txt", "text/plain"));
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(POST_MESSAGES.invalidFileType)).toBeInTheDocument();
    expect(within(dialog).getByText(POST_MESSAGES.invalidFileTypeDetail)).toBeInTheDocument();
  });
});
