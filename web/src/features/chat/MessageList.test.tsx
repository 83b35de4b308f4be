import { CHAT_LIMITS, CHAT_TEXTS, type ChatLike, type ChatMessageView } from "@airwave/contracts";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, signedInQueryClient } from "../../test/fake-session.tsx";
import { type MessageComponents, MessageList } from "./MessageList.tsx";
import type { Pulse } from "./room/messages.ts";
import { chatMessage } from "./test-utils.ts";

afterEach(() => {
  cleanup();
  // jsdom has no scrollIntoView; one test puts a spy there.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const like = (userId: string): ChatLike => ({
  userId,
  username: `fan_${userId}`,
  profileimage: "",
});

function setup(
  messages: ChatMessageView[],
  extra: {
    likes?: Record<string, ChatLike[]>;
    pulses?: Pulse[];
    meId?: string;
    components?: MessageComponents;
  } = {},
) {
  const onLike = vi.fn();
  const onReply = vi.fn();
  const onOpenImage = vi.fn();
  render(
    <AppProviders qc={signedInQueryClient()}>
      <MessageList
        messages={messages}
        likes={extra.likes ?? {}}
        pulses={extra.pulses ?? []}
        meId={extra.meId ?? "u-me"}
        meName="alice"
        fontScale={1}
        emptyText={CHAT_TEXTS.noMessages}
        onLike={onLike}
        onReply={onReply}
        onOpenImage={onOpenImage}
        components={extra.components}
      />
    </AppProviders>,
  );
  return { onLike, onReply, onOpenImage, user: userEvent.setup({ delay: null }) };
}

const article = (name: string) =>
  screen.getByRole("article", { name: CHAT_TEXTS.messageFrom(name) });

describe("MessageList", () => {
  it("lets a feature draw the messages of its type, in the list's order", () => {
    setup(
      [
        chatMessage({ _id: "a", username: "ann", message: "before" }),
        chatMessage({ _id: "offer-1", type: "coinflip", username: "bob", message: "an offer" }),
      ],
      {
        components: {
          coinflip: ({ message, meId }) => (
            <p>
              card {message._id} for {meId}
            </p>
          ),
        },
      },
    );
    const card = screen.getByText("card offer-1 for u-me");
    expect(card.closest("[data-type='coinflip']")?.id).toBe("chat-msg-offer-1");
    expect(article("ann").compareDocumentPosition(card)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.queryByText("an offer")).toBeNull();
  });

  it("says so when there is nothing yet", () => {
    setup([]);
    expect(screen.getByText(CHAT_TEXTS.noMessages)).toBeVisible();
  });

  it("renders every message type this screen owns", () => {
    setup([
      chatMessage({ _id: "t", username: "ann", message: "plain [color=#00BCD4]cyan[/color]" }),
      chatMessage({
        _id: "g",
        username: "gif_fan",
        type: "gif",
        message: "https://media.giphy.com/media/x/200.gif",
      }),
      chatMessage({
        _id: "bv",
        username: "lib",
        type: "bvgif",
        message: "/uploads/gifs/dance.gif",
      }),
      chatMessage({ _id: "i", username: "pics", type: "image", message: "/uploads/temp/a.webp" }),
      chatMessage({
        _id: "bk",
        type: "booking",
        senderId: null,
        message: "dj booked the 20:00 slot",
      }),
      chatMessage({
        _id: "tr",
        type: "track-id",
        senderId: null,
        message: "Now playing: Song - Artist",
      }),
      chatMessage({ _id: "s", type: "system", senderId: null, message: "Welcome!" }),
      chatMessage({
        _id: "sb",
        type: "system-ban",
        senderId: null,
        message: "troll has been banned",
      }),
      chatMessage({ _id: "bad", username: "evil", type: "gif", message: "javascript:alert(1)" }),
    ]);
    expect(within(article("ann")).getByText("cyan")).toHaveStyle({ color: "#00BCD4" });
    expect(screen.getByRole("img", { name: CHAT_TEXTS.gifAlt("gif_fan") })).toHaveAttribute(
      "src",
      "https://media.giphy.com/media/x/200.gif",
    );
    expect(screen.getByRole("img", { name: CHAT_TEXTS.gifAlt("lib") })).toHaveAttribute(
      "src",
      "/uploads/gifs/dance.gif",
    );
    expect(screen.getByRole("img", { name: CHAT_TEXTS.imageAlt("pics") })).toHaveAttribute(
      "src",
      "/uploads/temp/a.webp",
    );
    for (const text of [
      "dj booked the 20:00 slot",
      "Now playing: Song - Artist",
      "Welcome!",
      "troll has been banned",
    ]) {
      expect(screen.getByText(text)).toBeVisible();
    }
    expect(document.getElementById("chat-msg-sb")).toHaveAttribute("data-type", "system-ban");
    // A media message whose address is not allowed shows no image.
    expect(within(article("evil")).queryByRole("img")).toBeNull();
  });

  it("opens the image viewer from a GIF or image", async () => {
    const { user, onOpenImage } = setup([
      chatMessage({ _id: "i", username: "pics", type: "image", message: "/uploads/temp/a.webp" }),
    ]);
    await user.click(
      screen.getByRole("button", {
        name: `${CHAT_TEXTS.openImage}: ${CHAT_TEXTS.imageAlt("pics")}`,
      }),
    );
    expect(onOpenImage).toHaveBeenCalledWith("/uploads/temp/a.webp", CHAT_TEXTS.imageAlt("pics"));
  });

  it("shows up to 8 likers and the count; a click on the chips toggles the like", async () => {
    const likes = Array.from({ length: 11 }, (_, i) => like(`f${i}`));
    const { user, onLike } = setup([chatMessage({ _id: "m", username: "bob" })], {
      likes: { m: [...likes, like("u-me")] },
    });
    const chips = screen.getByRole("button", { name: /^Liked by/ });
    expect(chips).toHaveAttribute("aria-pressed", "true");
    expect(chips).toHaveTextContent("12");
    expect(chips.querySelectorAll(".MuiAvatar-root")).toHaveLength(CHAT_LIMITS.likeChips);
    expect(chips).toHaveAccessibleName(expect.stringContaining("and 4 more"));
    await user.click(chips);
    expect(onLike).toHaveBeenCalledWith("m");
    await user.click(within(article("bob")).getByRole("button", { name: CHAT_TEXTS.unlike }));
    expect(onLike).toHaveBeenCalledTimes(2);
  });

  it("shows the pulse bubbles of a message", () => {
    setup([chatMessage({ _id: "m", username: "bob" })], {
      likes: { m: [like("a")] },
      pulses: [
        { key: 1, messageId: "m" },
        { key: 2, messageId: "m" },
      ],
    });
    expect(screen.getAllByTestId("like-pulse")).toHaveLength(2);
  });

  it("quotes the replied message and scrolls to it on a click", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { user, onReply } = setup([
      chatMessage({ _id: "orig", username: "bob", message: "the original" }),
      chatMessage({
        _id: "re",
        username: "ann",
        message: "the reply",
        replyTo: { id: "orig", username: "bob", message: "the original", type: "message" },
      }),
    ]);
    const quote = screen.getByRole("button", { name: CHAT_TEXTS.quoteOf("bob") });
    expect(quote).toHaveTextContent("the original");
    await user.click(quote);
    expect(scrolled).toHaveBeenCalled();
    await user.click(
      within(article("bob")).getByRole("button", { name: CHAT_TEXTS.replyTo("bob") }),
    );
    expect(onReply).toHaveBeenCalledWith(expect.objectContaining({ _id: "orig" }));
  });

  it("shows a member's valid name tag style, and ignores an invalid one", () => {
    setup([
      chatMessage({
        _id: "a",
        username: "styled",
        usernameStyle: {
          textColor: "#ff00aa",
          backgroundType: "color",
          backgroundColor: "#000000",
        },
      }),
      chatMessage({
        _id: "b",
        username: "hacker",
        usernameStyle: {
          textColor: "red;background:url(https://evil.test/x)",
          backgroundType: "image",
          backgroundImage: 'javascript:alert(1)")',
        } as never,
      }),
    ]);
    expect(within(article("styled")).getByTestId("name-tag")).toHaveStyle({
      color: "#ff00aa",
      backgroundColor: "#000000",
    });
    const plain = within(article("hacker")).getByTestId("name-tag");
    expect(plain.getAttribute("style") ?? "").not.toContain("evil");
    expect(getComputedStyle(plain).backgroundImage).not.toContain("javascript");
  });
});
