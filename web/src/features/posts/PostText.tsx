import { Link, Typography } from "@mui/material";
import type { SxProps, Theme } from "@mui/material/styles";
import { Fragment } from "react";

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/gi;
const TRAILING_PUNCTUATION = /[.,!?;:)\]]+$/;

type TextPart = { kind: "text"; text: string } | { kind: "link"; href: string };

/** Splits a post's text into plain runs and http(s) links (trailing punctuation stays text). */
function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  for (const chunk of text.split(URL_PATTERN)) {
    if (!chunk) continue;
    if (/^https?:\/\//i.test(chunk)) {
      const tail = chunk.match(TRAILING_PUNCTUATION)?.[0] ?? "";
      const href = tail ? chunk.slice(0, -tail.length) : chunk;
      parts.push({ kind: "link", href });
      if (tail) parts.push({ kind: "text", text: tail });
    } else {
      parts.push({ kind: "text", text: chunk });
    }
  }
  return parts;
}

/** A post's or comment's text: line breaks kept, links open in a new tab. */
export function PostText({
  text,
  linkify = true,
  sx,
}: {
  text: string;
  linkify?: boolean;
  sx?: SxProps<Theme>;
}) {
  if (!text) return null;
  return (
    <Typography
      component="div"
      variant="body1"
      sx={[
        { whiteSpace: "pre-wrap", overflowWrap: "anywhere" },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {linkify
        ? splitLinks(text).map((part, i) =>
            part.kind === "link" ? (
              <Link
                // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for a given text
                key={i}
                href={part.href}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
              >
                {part.href}
              </Link>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for a given text
              <Fragment key={i}>{part.text}</Fragment>
            ),
          )
        : text}
    </Typography>
  );
}
