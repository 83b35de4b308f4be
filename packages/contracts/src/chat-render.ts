import { IMAGE_URL } from "./chat.ts";
import { isApiAddress } from "./http.ts";

/**
 * How a chat message's text is shown (chat spec 5, decisions "Chat room"): colour tags
 * `[color=#hex]…[/color]` become coloured runs, http/https links become links, pasted image links
 * become images. Everything else is plain text. The result is data, never HTML: the web client
 * renders it as text nodes and elements, so nothing in a message can become markup.
 */

/** A piece of text, a link or a pasted image, outside or inside a colour run. */
export type InlineSegment =
  | { kind: "text"; text: string }
  | { kind: "link"; href: string; text: string }
  | { kind: "image"; src: string; text: string };

/** A coloured run holds inline segments; the colour is a validated hex colour. */
export type ChatSegment =
  | InlineSegment
  | { kind: "colour"; colour: string; children: InlineSegment[] };

const COLOUR_TOKEN = /\[color=#([0-9a-fA-F]{3,8})\]|\[\/color\]/g;
/** A link candidate: http or https only, up to whitespace or a character that cannot be in a URL. */
const LINK = /https?:\/\/[^\s<>"'`\u00A0]+/gi;
/** Punctuation that ends a sentence rather than the link it follows. */
const TRAILING = /[.,;:!?'")\]}]+$/;

/** A colour a chat message may carry: `#` and 3 to 8 hex digits, nothing else. */
export const isChatColour = (value: string) => /^#[0-9a-fA-F]{3,8}$/.test(value);

/** The URL if it is an absolute http(s) URL, else null. */
export function safeHttpUrl(raw: string): string | null {
  if (!/^https?:\/\//i.test(raw)) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * A media address a GIF, image or avatar may load from: an http(s) URL or one of the station's own
 * uploads (`/uploads/...`). Anything else (javascript:, data:, protocol-relative) gives null.
 */
export function safeMediaUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (isApiAddress(value)) return null;
  if (/^\/(?:uploads|images)\/[\w./%-]+$/.test(value) && !value.includes("..")) return value;
  return safeHttpUrl(value);
}

/** Splits plain text into text, links and pasted images. */
function linkify(text: string): InlineSegment[] {
  const out: InlineSegment[] = [];
  let last = 0;
  const pushText = (t: string) => {
    if (!t) return;
    const prev = out.at(-1);
    if (prev?.kind === "text") prev.text += t;
    else out.push({ kind: "text", text: t });
  };
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    // A link starts a word: "xhttps://" is not a link.
    if (start > 0 && /[\w@/]/.test(text[start - 1] ?? "")) continue;
    let raw = match[0];
    const trailing = TRAILING.exec(raw)?.[0] ?? "";
    raw = raw.slice(0, raw.length - trailing.length);
    const href = safeHttpUrl(raw);
    if (!href) continue;
    pushText(text.slice(last, start));
    // An image link into the station's API stays a link: loading it would call the API.
    if (IMAGE_URL.test(raw) && !isApiAddress(href))
      out.push({ kind: "image", src: href, text: raw });
    else out.push({ kind: "link", href, text: raw });
    last = start + raw.length;
  }
  pushText(text.slice(last));
  return out;
}

/**
 * Parses a (cleaned) chat message into segments. Colour tags pair up like brackets; a closing tag
 * without an opening one, or an opening one never closed, stays as plain text. Nested colours use
 * the innermost colour.
 */
export function parseChatMessage(message: string): ChatSegment[] {
  const tokens = [...message.matchAll(COLOUR_TOKEN)];
  // Pair the tags: which opening tag each closing tag closes.
  const paired = new Set<number>();
  const stack: number[] = [];
  tokens.forEach((t, i) => {
    if (t[1] !== undefined) stack.push(i);
    else {
      const open = stack.pop();
      if (open !== undefined) {
        paired.add(open);
        paired.add(i);
      }
    }
  });

  // Runs of text with the colour in force.
  const runs: { text: string; colour: string | null }[] = [];
  const colours: string[] = [];
  let last = 0;
  const pushRun = (text: string) => {
    if (!text) return;
    const colour = colours.at(-1) ?? null;
    const prev = runs.at(-1);
    if (prev && prev.colour === colour) prev.text += text;
    else runs.push({ text, colour });
  };
  tokens.forEach((t, i) => {
    const start = t.index;
    pushRun(message.slice(last, start));
    last = start + t[0].length;
    if (!paired.has(i)) {
      pushRun(t[0]);
      return;
    }
    if (t[1] !== undefined) colours.push(`#${t[1]}`);
    else colours.pop();
  });
  pushRun(message.slice(last));

  const segments: ChatSegment[] = [];
  for (const run of runs) {
    const inline = linkify(run.text);
    if (run.colour && isChatColour(run.colour)) {
      segments.push({ kind: "colour", colour: run.colour, children: inline });
    } else {
      for (const s of inline) {
        const prev = segments.at(-1);
        if (s.kind === "text" && prev?.kind === "text") prev.text += s.text;
        else segments.push(s);
      }
    }
  }
  return segments;
}

/** The plain text of a message: colour tags removed (for previews, titles and screen readers). */
export const chatPlainText = (message: string) =>
  parseChatMessage(message)
    .flatMap((s) => (s.kind === "colour" ? s.children : [s]))
    .map((s) => s.text)
    .join("");

/** `:name:` text shortcuts (decisions "Chat room"), expanded on send. */
export const CHAT_SHORTCODES: Readonly<Record<string, string>> = {
  "+1": "👍",
  "-1": "👎",
  "100": "💯",
  alien: "👽",
  angry: "😠",
  balloon: "🎈",
  beer: "🍺",
  beers: "🍻",
  blush: "😊",
  boom: "💥",
  cat: "🐱",
  christmas_tree: "🎄",
  clap: "👏",
  coffee: "☕",
  cool: "😎",
  crown: "👑",
  cry: "😢",
  dancer: "💃",
  dog: "🐶",
  drum: "🥁",
  eyes: "👀",
  fire: "🔥",
  fireworks: "🎆",
  gem: "💎",
  ghost: "👻",
  gift: "🎁",
  grin: "😁",
  guitar: "🎸",
  headphones: "🎧",
  heart: "❤️",
  heart_eyes: "😍",
  joy: "😂",
  kiss: "😘",
  laughing: "😆",
  microphone: "🎤",
  moon: "🌙",
  muscle: "💪",
  musical_note: "🎵",
  notes: "🎶",
  ok_hand: "👌",
  party: "🥳",
  pizza: "🍕",
  pray: "🙏",
  radio: "📻",
  rainbow: "🌈",
  robot: "🤖",
  rocket: "🚀",
  rofl: "🤣",
  santa: "🎅",
  skull: "💀",
  sleeping: "😴",
  smile: "😄",
  smiley: "😃",
  snowflake: "❄️",
  sob: "😭",
  sparkles: "✨",
  speaker: "🔊",
  star: "⭐",
  sun: "☀️",
  sunglasses: "😎",
  tada: "🎉",
  thinking: "🤔",
  thumbsdown: "👎",
  thumbsup: "👍",
  wave: "👋",
  wink: "😉",
  zap: "⚡",
};

/** Replaces every known `:name:` with its emoji; unknown names stay as typed. */
export function expandShortcodes(text: string): string {
  return text.replace(/:([a-z0-9_+-]{1,30}):/gi, (whole, name: string) =>
    Object.hasOwn(CHAT_SHORTCODES, name.toLowerCase())
      ? (CHAT_SHORTCODES[name.toLowerCase()] ?? whole)
      : whole,
  );
}

/** Wraps a message in a colour tag, unless the colour is the default or not a valid colour. */
export function wrapInColour(
  text: string,
  colour: string | null | undefined,
  defaultColour: string,
) {
  if (!colour || !isChatColour(colour) || colour.toLowerCase() === defaultColour.toLowerCase())
    return text;
  return `[color=${colour}]${text}[/color]`;
}
