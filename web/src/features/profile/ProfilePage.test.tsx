import { FOLLOW_ACCEPTED_REFRESH_EVENT, USER_MESSAGES, type UserProfile } from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makePost } from "../posts/test-utils.tsx";
import { ProfilePage } from "./ProfilePage.tsx";
import { bodiesSentTo, json, makeProfile, me, mockFetch, renderAt } from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noPosts = json({ posts: [], nextCursor: null });

/** A server whose profile answer is `profile()` at the time of the call. */
function serve(profile: () => UserProfile | Response, extra: Record<string, () => Response> = {}) {
  return mockFetch(({ path }) => {
    if (path === "/api/auth/getUserProfileData") {
      const p = profile();
      return p instanceof Response ? p : json(p);
    }
    if (path === "/api/auth/userPosts") return noPosts.clone();
    return extra[path]?.() ?? json({});
  });
}

describe("profile page", { timeout: 30_000 }, () => {
  it("shows a limited profile as a notice with the follow controls only", async () => {
    let profile = makeProfile({
      isPrivate: true,
      limited: true,
      message: "This profile is private.",
    });
    const fetchMock = serve(() => profile, {
      "/api/auth/followUser": () => {
        profile = { ...profile, requestedByMe: true };
        return json({ status: "requested" });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProfilePage />, "/user/bob");

    expect(await screen.findByText(USER_MESSAGES.profilePrivate)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "bob" })).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Message" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Block" })).not.toBeInTheDocument();
    expect(screen.queryByText(USER_MESSAGES.followPending)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Follow" }));
    expect(await screen.findByRole("button", { name: "Requested" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel request" })).toBeEnabled();
    expect(await screen.findByText(USER_MESSAGES.followPending)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, "/api/auth/followUser")).toEqual([{ followed: "u-bob" }]);
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
  });

  it("uses the contract's notice when the server sends no message", async () => {
    serve(() => makeProfile({ isPrivate: true, limited: true, requestedByMe: true }));
    renderAt(<ProfilePage />, "/user/bob");
    expect(await screen.findByText(USER_MESSAGES.profilePrivate)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.followPending)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Requested" })).toBeDisabled();
  });

  it("shows tabs with counts and safe links on a visible profile", async () => {
    serve(() =>
      makeProfile({
        followersCount: 3,
        followingCount: 2,
        photosCount: 1,
        bio: "Deep house all night",
        interests: "house,techno",
        twitter: "@bob",
        customLinks: ["javascript:alert(1)", "mixcloud.com/bob"],
      }),
    );
    renderAt(<ProfilePage />, "/user/bob");

    expect(await screen.findByRole("tab", { name: "About" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.getByRole("tab", { name: "Followers (3)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Following (2)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Photos (1)" })).toBeInTheDocument();
    expect(screen.getByText("Deep house all night")).toBeInTheDocument();
    const interests = within(screen.getByRole("list", { name: "Interests" }));
    expect(interests.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "house",
      "techno",
    ]);

    const links = screen.getAllByRole("link").filter((a) => a.getAttribute("target") === "_blank");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://twitter.com/bob",
      "https://mixcloud.com/bob",
    ]);
    for (const a of links) expect(a).toHaveAttribute("rel", "noopener noreferrer");
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();

    for (const name of ["Follow", "Message", "Block"]) {
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    }
    expect(await screen.findByText("No posts yet.")).toBeInTheDocument();
  });

  it("shows only Unblock across a block I made, and nothing when they blocked me", async () => {
    serve(() => makeProfile({ blockedByMe: true, limited: true }));
    renderAt(<ProfilePage />, "/user/bob");
    expect(await screen.findByRole("button", { name: "Unblock" })).toBeInTheDocument();
    for (const name of ["Follow", "Message", "Block"]) {
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    }
    cleanup();

    serve(() => makeProfile({ hasBlockedMe: true, limited: true }));
    renderAt(<ProfilePage />, "/user/bob");
    expect(await screen.findByText(USER_MESSAGES.blockedProfile)).toBeInTheDocument();
    for (const name of ["Unblock", "Follow", "Message", "Block"]) {
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    }
  });

  it("says 'Cannot Message' with the hint when the member is private", async () => {
    serve(() => makeProfile(), {
      "/api/auth/pm/conversations": () =>
        json({ message: "This member's profile is private." }, 403),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProfilePage />, "/user/bob");
    await user.click(await screen.findByRole("button", { name: "Message" }));
    const dialog = await screen.findByRole("dialog", { name: USER_MESSAGES.cannotMessageTitle });
    expect(dialog).toHaveTextContent(
      `This member's profile is private. ${USER_MESSAGES.followMustBeAccepted}`,
    );
  });

  it("opens the conversation in the inbox", async () => {
    serve(() => makeProfile(), {
      "/api/auth/pm/conversations": () => json({ conversationId: "c-9" }),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProfilePage />, "/user/bob");
    await user.click(await screen.findByRole("button", { name: "Message" }));
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent("/inbox?convo=c-9"),
    );
  });

  it("sends an unknown member to their own profile after 'User Not Found'", async () => {
    serve(() => json({ message: "User not found" }, 404));
    const user = userEvent.setup({ delay: null });
    renderAt(<ProfilePage />, "/user/nobody");
    const dialog = await screen.findByRole("dialog", { name: USER_MESSAGES.userNotFoundTitle });
    expect(dialog).toHaveTextContent(USER_MESSAGES.userNotFound);
    await user.click(within(dialog).getByRole("button", { name: "OK" }));
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent(`/user/${me.username}`),
    );
  });

  it("sends a banned member's visitor to / after 'User Banned'", async () => {
    serve(() => json({ message: "banned", banned: true }, 403));
    const user = userEvent.setup({ delay: null });
    renderAt(<ProfilePage />, "/user/troll");
    const dialog = await screen.findByRole("dialog", { name: USER_MESSAGES.userBannedTitle });
    expect(dialog).toHaveTextContent(USER_MESSAGES.userBanned);
    await user.click(within(dialog).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
  });

  it("gives the owner the Private switch, Edit Profile, camera buttons and request handling", async () => {
    let profile = makeProfile({
      _id: me._id,
      id: me._id,
      username: me.username,
      isPrivate: false,
      followRequests: [{ _id: "u-carol", id: "u-carol", username: "carol", profileimage: "" }],
    });
    const fetchMock = serve(() => profile, {
      "/api/auth/privacy/set": () => {
        profile = { ...profile, isPrivate: true };
        return json({ isPrivate: true });
      },
      "/api/auth/follow/accept": () => {
        profile = { ...profile, followRequests: [], followersCount: 1 };
        return json({});
      },
      "/api/auth/getfollowing": () => json({ users: [] }),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProfilePage />, `/user/${me.username}`);

    const priv = await screen.findByRole("switch", { name: "Private" });
    expect(priv).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Edit Profile" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change profile picture" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change cover photo" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Follow" })).not.toBeInTheDocument();

    await user.click(priv);
    await waitFor(() => expect(screen.getByRole("switch", { name: "Private" })).toBeChecked());
    expect(bodiesSentTo(fetchMock, "/api/auth/privacy/set")).toEqual([{ isPrivate: true }]);

    expect(await screen.findByRole("button", { name: "Follow Back" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Followers (1)" })).toBeInTheDocument(),
    );
    expect(bodiesSentTo(fetchMock, "/api/auth/follow/accept")).toEqual([
      { requesterId: "u-carol" },
    ]);
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
  });

  it("refuses a picture of the wrong type or over 5,000,000 bytes before uploading", async () => {
    const fetchMock = serve(() => makeProfile({ _id: me._id, id: me._id, username: me.username }));
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderAt(<ProfilePage />, `/user/${me.username}`);
    await screen.findByRole("button", { name: "Change profile picture" });

    const big = new File(["x"], "big.png", { type: "image/png" });
    Object.defineProperty(big, "size", { value: 5_000_001 });
    await user.upload(screen.getByTestId("Change profile picture input"), big);
    const dialog = await screen.findByRole("dialog", {
      name: USER_MESSAGES.profileImageInvalidTitle,
    });
    expect(dialog).toHaveTextContent(USER_MESSAGES.profileImageInvalid);
    await user.click(within(dialog).getByRole("button", { name: "OK" }));

    const pdf = new File(["x"], "cv.pdf", { type: "application/pdf" });
    await user.upload(screen.getByTestId("Change cover photo input"), pdf);
    expect(
      await screen.findByRole("dialog", { name: USER_MESSAGES.profileImageInvalidTitle }),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, "/api/auth/uploadProfilePicture")).toHaveLength(0);
    expect(bodiesSentTo(fetchMock, "/api/auth/uploadCoverPhoto")).toHaveLength(0);
  });

  it("with ?post shows only that post, scrolled to with its comments open", async () => {
    const post = makePost({
      _id: "p7",
      postid: "p7",
      post: "Only this one",
      profileimage: "",
      userImage: "",
    });
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const fetchMock = serve(() => makeProfile(), { "/api/auth/post/p7": () => json(post) });
    renderAt(<ProfilePage />, "/user/bob?post=p7");

    const card = await screen.findByRole("article", { name: "Post by bob" });
    expect(card).toHaveTextContent("Only this one");
    expect(screen.getAllByRole("article")).toHaveLength(1);
    expect(within(card).getByRole("button", { name: "Comments" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(bodiesSentTo(fetchMock, "/api/auth/userPosts")).toHaveLength(0);
  });

  it("follows a public member at once and reloads followers, also on follow-accepted-refresh", async () => {
    let profile = makeProfile({ followersCount: 0 });
    let followers: unknown[] = [];
    const fetchMock = serve(() => profile, {
      "/api/auth/followUser": () => {
        profile = { ...profile, isFollowing: true, followersCount: 1 };
        followers = [{ _id: me._id, id: me._id, username: me.username, profileimage: "" }];
        return json({ status: "following" });
      },
      "/api/auth/getfollowers": () => json({ users: followers }),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProfilePage />, "/user/bob");
    await user.click(await screen.findByRole("tab", { name: "Followers (0)" }));
    expect(await screen.findByText(USER_MESSAGES.noFollowers)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Follow" }));
    expect(await screen.findByRole("button", { name: "Unfollow" })).toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: "Followers (1)" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: me.username })).toHaveAttribute(
      "href",
      `/user/${me.username}`,
    );

    const before = bodiesSentTo(fetchMock, "/api/auth/getfollowers").length;
    window.dispatchEvent(new Event(FOLLOW_ACCEPTED_REFRESH_EVENT));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, "/api/auth/getfollowers").length).toBeGreaterThan(before),
    );
  });
});
