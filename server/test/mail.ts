import type { AddressInfo } from "node:net";
import { PATHS } from "@airwave/contracts";
import { SMTPServer } from "smtp-server";

/** A received or written e-mail, decoded enough for assertions (single-part text mails). */
interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  to: string;
  text: string;
}

export interface ReceivedMail extends ParsedMail {
  /** The SMTP envelope's recipients. */
  rcptTo: string[];
}

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    "latin1",
  ).toString("utf8");

/** Parses an RFC 5322 message as nodemailer writes a text-only mail (7bit, quoted-printable or base64). */
export function parseMail(raw: string): ParsedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return { headers, subject: headers.subject ?? "", to: headers.to ?? "", text };
}

export interface TestSmtpServer {
  /** For SMTP_URL: plain SMTP on 127.0.0.1, no TLS; with the credentials when asked for them. */
  url: string;
  /** Every mail accepted so far, oldest first. A mail is here before the sender's SMTP call returns. */
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on a free port of 127.0.0.1. With `login`, it
 * requires that user and password (AUTH PLAIN or LOGIN, allowed without TLS here on loopback).
 */
export async function startSmtpServer(login?: {
  user: string;
  pass: string;
}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: !login,
    allowInsecureAuth: Boolean(login),
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) {
        callback(null, { user: auth.username });
      } else callback(new Error("Invalid username or password"));
    },
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const rcptTo = session.envelope.rcptTo.map((r) => r.address);
        mails.push({ ...parseMail(Buffer.concat(chunks).toString("utf8")), rcptTo });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = login
    ? `${encodeURIComponent(login.user)}:${encodeURIComponent(login.pass)}@`
    : "";
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The key of the first `/reset-password/<key>` link in a text. */
export function resetKeyIn(text: string): string {
  const prefix = PATHS.resetPassword("");
  const match = new RegExp(`${prefix.replace(/[/.]/g, "\\$&")}([A-Za-z0-9_%.~-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${text}`);
  return decodeURIComponent(match[1]);
}
