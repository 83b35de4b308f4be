import {
  CHAT_COLOUR_GRID,
  CHAT_COLOUR_TEXTS,
  CHAT_EMOJI_TEXTS,
  CHAT_LIMITS,
  CHAT_STORAGE,
  CHAT_TEXTS,
  type ChatMessageInput,
  type ChatMessageView,
  EMOJI_MESSAGES,
} from "@airwave/contracts";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AppProviders,
  json,
  me,
  mockFetch,
  signedInQueryClient,
} from "../../test/fake-session.tsx";
import { Composer } from "./Composer.tsx";
import { chatMessage, chatUser } from "./test-utils.ts";

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const USERS = [
  chatUser(me._id, me.username),
  ...Array.from({ length: 10 }, (_, i) => chatUser(`u${i}`, `al_${i}`)),
  chatUser("b", "bob"),
];

function setup(
  props: { disabled?: boolean; replyTo?: ChatMessageView | null; sendResult?: boolean } = {},
) {
  const sent: ChatMessageInput[] = [];
  const onSend = vi.fn((input: ChatMessageInput) => {
    sent.push(input);
    return props.sendResult ?? true;
  });
  const onError = vi.fn();
  const onCancelReply = vi.fn();
  render(
    <AppProviders qc={signedInQueryClient()}>
      <Composer
        users={USERS}
        meId={me._id}
        disabled={props.disabled ?? false}
        replyTo={props.replyTo ?? null}
        onCancelReply={onCancelReply}
        onSend={onSend}
        onError={onError}
      />
    </AppProviders>,
  );
  const input = screen.getByRole("combobox", { name: CHAT_TEXTS.inputLabel });
  return { sent, onSend, onError, onCancelReply, input, user: userEvent.setup({ delay: null }) };
}

describe("Composer", () => {
  it("counts characters up to 300 and stops there", async () => {
    const { input, user } = setup();
    expect(screen.getByTestId("chat-counter")).toHaveTextContent(`0/${CHAT_LIMITS.inputMax}`);
    await user.type(input, "hello");
    expect(screen.getByTestId("chat-counter")).toHaveTextContent(`5/${CHAT_LIMITS.inputMax}`);
    fireEvent.change(input, { target: { value: "x".repeat(400) } });
    expect(input).toHaveValue("x".repeat(CHAT_LIMITS.inputMax));
    expect(screen.getByTestId("chat-counter")).toHaveTextContent(
      `${CHAT_LIMITS.inputMax}/${CHAT_LIMITS.inputMax}`,
    );
  });

  it("sends on Enter, trimmed, with shortcodes expanded, and clears the input", async () => {
    const { input, user, sent } = setup();
    await user.type(input, "   ");
    await user.keyboard("{Enter}");
    expect(sent).toHaveLength(0);
    await user.type(input, "  party :fire: :tada:  ");
    await user.keyboard("{Enter}");
    expect(sent).toEqual([{ message: "party 🔥 🎉", type: "message", id: expect.any(Number) }]);
    expect(input).toHaveValue("");
  });

  it("Shift+Enter starts a new line instead of sending", async () => {
    const { input, user, sent } = setup();
    await user.type(input, "one{Shift>}{Enter}{/Shift}two");
    expect(sent).toHaveLength(0);
    expect(input).toHaveValue("one\ntwo");
  });

  it("wraps the message in the chosen colour and sends the chosen formats; both are remembered", async () => {
    const { input, user, sent } = setup();
    await user.click(screen.getByRole("button", { name: CHAT_TEXTS.bold }));
    await user.click(screen.getByRole("button", { name: CHAT_TEXTS.underline }));
    expect(screen.getByRole("button", { name: CHAT_TEXTS.bold })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(screen.getByRole("button", { name: CHAT_TEXTS.textColour }));
    await user.click(await screen.findByRole("radio", { name: "Red, base" }));
    await user.type(input, "loud");
    await user.click(screen.getByRole("button", { name: CHAT_TEXTS.send }));
    expect(sent[0]).toEqual({
      message: "[color=#FF5252]loud[/color]",
      type: "message",
      id: expect.any(Number),
      format: { bold: true, italic: false, underline: true },
    });
    expect(JSON.parse(localStorage.getItem(CHAT_STORAGE.formatPreferences) ?? "{}")).toEqual({
      messageFormats: { bold: true, italic: false, underline: true },
      textcolor: "#FF5252",
    });
    expect(JSON.parse(localStorage.getItem(CHAT_STORAGE.recentColours) ?? "[]")).toEqual([
      "#FF5252",
    ]);
  });

  it("shows the 13 colours in light, base and dark tones; a dark tone colours the message", async () => {
    const { input, user, sent } = setup();
    await user.click(screen.getByRole("button", { name: CHAT_TEXTS.textColour }));
    const grid = await screen.findByRole("radiogroup", { name: CHAT_COLOUR_TEXTS.grid });
    const swatches = within(grid).getAllByRole("radio");
    expect(swatches).toHaveLength(39);
    const names = swatches.map((s) => s.getAttribute("aria-label"));
    expect(new Set(names).size).toBe(39);
    expect(names.slice(0, 2)).toEqual(["White, light", "Red, light"]);
    expect(names[14]).toBe("Red, base");
    expect(names.at(-1)).toBe("Grey, dark");

    const blueDark = CHAT_COLOUR_GRID[2]?.[7];
    expect(blueDark?.colour).toBe("Blue");
    await user.click(within(grid).getByRole("radio", { name: "Blue, dark" }));
    await user.type(input, "deep{Enter}");
    expect(sent[0]?.message).toBe(`[color=${blueDark?.hex}]deep[/color]`);
    expect(JSON.parse(localStorage.getItem(CHAT_STORAGE.recentColours) ?? "[]")).toEqual([
      blueDark?.hex,
    ]);

    await user.click(screen.getByRole("button", { name: CHAT_TEXTS.textColour }));
    const again = await screen.findByRole("radiogroup", { name: CHAT_COLOUR_TEXTS.grid });
    expect(within(again).getByRole("radio", { name: "Blue, dark" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    expect(
      screen.getByRole("radio", { name: CHAT_TEXTS.colourSwatch(blueDark?.hex ?? "") }),
    ).toBeVisible();
  });

  it("opens the chat emoji picker with its 11 categories and inserts the picked emoji", async () => {
    const { input, user } = setup();
    await user.type(input, "tune ");
    await user.click(screen.getByRole("button", { name: EMOJI_MESSAGES.openPicker }));
    const tabs = await screen.findAllByRole("tab", {}, { timeout: 5000 });
    expect(tabs).toHaveLength(11);
    await user.click(screen.getByRole("tab", { name: CHAT_EMOJI_TEXTS.party }));
    await user.click(screen.getByRole("button", { name: "🪩 mirror ball" }));
    expect(input).toHaveValue("tune 🪩");
  });

  it("takes a hex colour: # and 3 to 8 hex digits, at most 9 characters", async () => {
    const { input, user, sent } = setup();
    await user.click(screen.getByRole("button", { name: CHAT_TEXTS.textColour }));
    const hex = await screen.findByRole("textbox", { name: CHAT_TEXTS.hexInput });
    expect(hex).toHaveAttribute("maxlength", "9");
    await user.clear(hex);
    await user.type(hex, "#12");
    expect(screen.getByText(CHAT_TEXTS.hexInvalid)).toBeVisible();
    expect(screen.getByRole("button", { name: CHAT_TEXTS.applyColour })).toBeDisabled();
    await user.type(hex, "3abc");
    await user.click(screen.getByRole("button", { name: CHAT_TEXTS.applyColour }));
    await user.type(input, "x{Enter}");
    expect(sent[0]?.message).toBe("[color=#123abc]x[/color]");
  });

  it("replies: sends replyTo with the original's id and ends the reply", async () => {
    const original = chatMessage({ _id: "orig", username: "bob", message: "first" });
    const { input, user, sent, onCancelReply } = setup({ replyTo: original });
    expect(screen.getByText(CHAT_TEXTS.replyingTo("bob"))).toBeVisible();
    await user.type(input, "answer{Enter}");
    expect(sent[0]).toMatchObject({ message: "answer", replyTo: { id: "orig" } });
    expect(onCancelReply).toHaveBeenCalled();
  });

  it("does not send while the room is not connected", async () => {
    const { input, user, sent } = setup({ disabled: true });
    await user.type(input, "hi{Enter}");
    expect(sent).toHaveLength(0);
    expect(screen.getByRole("button", { name: CHAT_TEXTS.send })).toBeDisabled();
  });
});

describe("the mention dropdown", () => {
  it("lists up to 8 members matching the @word, never oneself", async () => {
    const { input, user } = setup();
    await user.type(input, "hi @");
    const list = screen.getByRole("listbox", { name: CHAT_TEXTS.mentionList });
    const options = screen.getAllByRole("option");
    expect(options).toHaveLength(CHAT_LIMITS.mentionSuggestions);
    expect(list).not.toHaveTextContent(me.username);
    await user.type(input, "bo");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["bob"]);
  });

  it("is keyboard navigable: arrows move, Enter picks without sending, Escape closes", async () => {
    const { input, user, sent } = setup();
    await user.type(input, "@al");
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(screen.getAllByRole("option")[0]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowUp}");
    expect(screen.getAllByRole("option")[1]).toHaveAttribute("aria-selected", "true");
    expect(input).toHaveAttribute("aria-activedescendant", screen.getAllByRole("option")[1]?.id);
    await user.keyboard("{Enter}");
    expect(input).toHaveValue("@al_1 ");
    expect(sent).toHaveLength(0);
    expect(screen.queryByRole("listbox")).toBeNull();
    await user.type(input, "@b");
    expect(screen.getByRole("listbox")).toBeVisible();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    await user.keyboard("{Enter}");
    expect(sent[0]?.message).toBe("@al_1 @b");
  });

  it("picks a member with the mouse", async () => {
    const { input, user } = setup();
    await user.type(input, "yo @bo");
    await user.click(screen.getByRole("option", { name: "bob" }));
    expect(input).toHaveValue("yo @bob ");
  });
});

describe("image upload", () => {
  const file = (name: string, type: string, size = 10) =>
    new File([new Uint8Array(size)], name, { type });

  it("refuses a file that is not an image, and one above 5 MB", async () => {
    const { onError } = setup();
    const picker = screen.getByTestId("chat-image-input");
    fireEvent.change(picker, { target: { files: [file("a.txt", "text/plain")] } });
    expect(onError).toHaveBeenLastCalledWith(CHAT_TEXTS.selectImage);
    fireEvent.change(picker, {
      target: { files: [file("big.png", "image/png", 5 * 1024 * 1024 + 1)] },
    });
    expect(onError).toHaveBeenLastCalledWith(CHAT_TEXTS.imageTooLarge);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("uploads the chosen image and sends its URL as an image message", async () => {
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }),
    );
    const fetchMock = mockFetch(({ path }) =>
      path === "/api/auth/uploadTempImage" ? json({ url: "/uploads/temp/a.webp" }) : json({}, 404),
    );
    const { sent, user } = setup();
    fireEvent.change(screen.getByTestId("chat-image-input"), {
      target: { files: [file("a.png", "image/png")] },
    });
    await user.click(await screen.findByRole("button", { name: CHAT_TEXTS.sendImage }));
    await waitFor(() =>
      expect(sent).toEqual([
        { message: "/uploads/temp/a.webp", type: "image", id: expect.any(Number) },
      ]),
    );
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes("uploadTempImage"));
    expect(call?.[1]?.body).toBeInstanceOf(FormData);
  });

  it("says so when the upload fails or answers no URL", async () => {
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }),
    );
    let answer = json({}, 200);
    mockFetch(() => answer);
    const { sent, user } = setup();
    fireEvent.change(screen.getByTestId("chat-image-input"), {
      target: { files: [file("a.png", "image/png")] },
    });
    await user.click(await screen.findByRole("button", { name: CHAT_TEXTS.sendImage }));
    expect(await screen.findByText(CHAT_TEXTS.uploadNoUrl)).toBeVisible();
    answer = json({ message: "nope" }, 500);
    await user.click(screen.getByRole("button", { name: CHAT_TEXTS.sendImage }));
    expect(await screen.findByText(CHAT_TEXTS.uploadFailed)).toBeVisible();
    expect(sent).toHaveLength(0);
  });
});
