import { CHAT_TEXTS, cleanChatMessage } from "@airwave/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatMessageText } from "./ChatMessageText.tsx";

afterEach(cleanup);

describe("ChatMessageText", () => {
  it("shows colour tags as spans in that colour, and formats the whole message", () => {
    const { container } = render(
      <ChatMessageText
        message="hi [color=#ff5252]red words[/color] end"
        format={{ bold: true, italic: true, underline: true }}
      />,
    );
    const red = screen.getByText("red words");
    expect(red.tagName).toBe("SPAN");
    expect(red).toHaveStyle({ color: "#ff5252" });
    const root = container.querySelector("[data-testid=chat-message-text]");
    expect(root).toHaveTextContent("hi red words end");
    expect(root).toHaveStyle({
      fontWeight: "700",
      fontStyle: "italic",
      textDecoration: "underline",
    });
  });

  it("keeps a malformed colour tag as text and applies no style", () => {
    const { container } = render(
      <ChatMessageText message={'[color=red" onclick="alert(1)]x[/color]'} />,
    );
    expect(container).toHaveTextContent('[color=red" onclick="alert(1)]x[/color]');
    expect(container.querySelector("span[style]")).toBeNull();
    expect(container.querySelector("[onclick]")).toBeNull();
  });

  it("links http(s) URLs in a new tab without the opener or referrer", () => {
    render(<ChatMessageText message="go to https://example.test/page now" />);
    const link = screen.getByRole("link", { name: "https://example.test/page" });
    expect(link).toHaveAttribute("href", "https://example.test/page");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(link.getAttribute("rel")).toContain("noreferrer");
  });

  it("never links javascript: or data: addresses", () => {
    render(<ChatMessageText message="javascript:alert(1) data:text/html,<b>x</b>" />);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("shows a pasted image link as an image that opens the viewer", async () => {
    const open = vi.fn();
    render(<ChatMessageText message="look https://img.test/cat.webp" onOpenImage={open} />);
    const img = screen.getByRole("img", { name: CHAT_TEXTS.pastedImageAlt });
    expect(img).toHaveAttribute("src", "https://img.test/cat.webp");
    await userEvent.click(screen.getByRole("button", { name: CHAT_TEXTS.openImage }));
    expect(open).toHaveBeenCalledWith("https://img.test/cat.webp");
  });

  it("renders markup in a message as text, never as elements", () => {
    const payloads = [
      "<script>window.__x = 1</script>",
      '<img src=x onerror="window.__x=1">',
      "<svg onload=alert(1)>",
      "&lt;b&gt;bold&lt;/b&gt;",
      '"><iframe src=javascript:alert(1)>',
    ];
    for (const payload of payloads) {
      const { container, unmount } = render(<ChatMessageText message={payload} />);
      expect(container.querySelector("script, img, svg, iframe, b")).toBeNull();
      unmount();
      // After the shared cleaning too.
      const cleaned = render(<ChatMessageText message={cleanChatMessage(payload, "in")} />);
      expect(cleaned.container.querySelector("script, img, svg, iframe, b")).toBeNull();
      cleaned.unmount();
    }
    expect((window as unknown as { __x?: number }).__x).toBeUndefined();
  });
});
