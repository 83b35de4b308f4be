import { CUSTOM_LINK_PATTERN } from "@airwave/contracts";

/**
 * A link a member typed, made safe to put in an href: only http(s) addresses, or a bare host with a
 * domain suffix (then https:// is added). Anything else (javascript:, data:, relative paths) is null.
 */
export function safeHref(raw: string | null | undefined): string | null {
  const value = (raw ?? "").trim();
  if (!value) return null;
  const candidate = /^https?:\/\//i.test(value)
    ? value
    : CUSTOM_LINK_PATTERN.test(value)
      ? `https://${value}`
      : null;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

export const SOCIAL_NETWORKS = {
  facebook: { label: "Facebook", base: "https://www.facebook.com/" },
  twitter: { label: "Twitter", base: "https://twitter.com/" },
  instagram: { label: "Instagram", base: "https://www.instagram.com/" },
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

const HANDLE = /^@?([\w.]{1,100})$/;

/**
 * A social field holds a full address ("https://…" or "facebook.com/name") or a handle ("name",
 * "@name"); either way the result is an https link or null.
 */
export function socialHref(network: SocialNetwork, raw: string | null | undefined): string | null {
  const value = (raw ?? "").trim();
  if (!value) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.includes("/")) return safeHref(value);
  const handle = HANDLE.exec(value)?.[1];
  return handle ? `${SOCIAL_NETWORKS[network].base}${encodeURIComponent(handle)}` : null;
}

/** Is a custom link acceptable (community spec 5: host with a domain suffix, optional scheme and path)? */
export const isValidCustomLink = (link: string) => CUSTOM_LINK_PATTERN.test(link.trim());

/** The custom links worth saving (blank rows are dropped) and whether any of them is invalid. */
export function checkCustomLinks(links: readonly string[]): { links: string[]; invalid: boolean } {
  const kept = links.map((l) => l.trim()).filter(Boolean);
  return { links: kept, invalid: kept.some((l) => !isValidCustomLink(l)) };
}

/** A short label for a link: host and path without the scheme. */
export function linkLabel(href: string): string {
  return href.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}
