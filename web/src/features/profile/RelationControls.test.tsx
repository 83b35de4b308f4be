import { PM_UNREAD_REFRESH_EVENT, PRIVATE_MESSAGE_MESSAGES } from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RelationControls } from "./RelationControls.tsx";
import { bodiesSentTo, json, makeProfile, mockFetch, renderAt } from "./test-utils.tsx";

// The machine running the tests is shared: give slow renders time rather than fail.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const START = "/api/auth/pm/conversations";

function serveStart(answer: () => Response) {
  return mockFetch(({ path, method }) =>
    path === START && method === "POST" ? answer() : json({}),
  );
}

async function clickMessage(profile = makeProfile()) {
  const user = userEvent.setup({ delay: null });
  renderAt(<RelationControls profile={profile} profileRef="bob" limited={false} />, "/user/bob");
  await user.click(screen.getByRole("button", { name: "Message" }));
  return user;
}

describe("the profile's Message button", () => {
  it("starts the conversation, refreshes the unread badge and opens it in the inbox", async () => {
    const fetchMock = serveStart(() =>
      json({ conversationId: "c 9", conversation: { _id: "c 9" } }),
    );
    const refreshed = vi.fn();
    window.addEventListener(PM_UNREAD_REFRESH_EVENT, refreshed);
    try {
      await clickMessage();
      await waitFor(() =>
        expect(screen.getByTestId("location")).toHaveTextContent("/inbox?convo=c%209"),
      );
      expect(bodiesSentTo(fetchMock, START)).toEqual([{ userId: "u-bob" }]);
      expect(refreshed).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener(PM_UNREAD_REFRESH_EVENT, refreshed);
    }
  });

  it("says 'Cannot Message' with the server's message, adding the hint for a private profile", async () => {
    serveStart(() => json({ message: PRIVATE_MESSAGE_MESSAGES.privateProfile }, 403));
    const refreshed = vi.fn();
    window.addEventListener(PM_UNREAD_REFRESH_EVENT, refreshed);
    try {
      const user = await clickMessage();
      const dialog = await screen.findByRole("dialog", {
        name: PRIVATE_MESSAGE_MESSAGES.cannotMessageTitle,
      });
      expect(dialog).toHaveTextContent(
        `${PRIVATE_MESSAGE_MESSAGES.privateProfile} ${PRIVATE_MESSAGE_MESSAGES.followMustBeAccepted}`,
      );
      expect(refreshed).not.toHaveBeenCalled();
      expect(screen.getByTestId("location")).toHaveTextContent("/user/bob");
      await user.click(within(dialog).getByRole("button", { name: "OK" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      expect(screen.getByRole("button", { name: "Message" })).toBeEnabled();
    } finally {
      window.removeEventListener(PM_UNREAD_REFRESH_EVENT, refreshed);
    }
  });

  it("explains a pending-looking follow when the member already follows the private profile", async () => {
    serveStart(() => json({ message: PRIVATE_MESSAGE_MESSAGES.privateProfile }, 403));
    await clickMessage(makeProfile({ isFollowing: true }));
    const dialog = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_MESSAGES.cannotMessageTitle,
    });
    expect(dialog).toHaveTextContent(
      `${PRIVATE_MESSAGE_MESSAGES.privateProfile} ${PRIVATE_MESSAGE_MESSAGES.followAcceptedStillPending}`,
    );
  });

  it("shows a refusal that does not mention a private profile as it is", async () => {
    serveStart(() => json({ message: PRIVATE_MESSAGE_MESSAGES.blocked }, 403));
    await clickMessage();
    const dialog = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_MESSAGES.cannotMessageTitle,
    });
    expect(dialog).toHaveTextContent(PRIVATE_MESSAGE_MESSAGES.blocked);
    expect(dialog).not.toHaveTextContent(PRIVATE_MESSAGE_MESSAGES.followMustBeAccepted);
  });

  it("falls back to 'Unable to start conversation' without a server message", async () => {
    serveStart(() => new Response("", { status: 502 }));
    await clickMessage();
    const dialog = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_MESSAGES.cannotMessageTitle,
    });
    expect(dialog).toHaveTextContent(PRIVATE_MESSAGE_MESSAGES.startConversationFailed);
  });
});
