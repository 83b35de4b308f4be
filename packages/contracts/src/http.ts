/**
 * Cross-cutting HTTP contract: header names, generic error texts. Who may call each route (and so
 * which routes are public or CSRF-exempt) is declared with the route (`route.ts`).
 */
export const CSRF_HEADER = "x-csrf-token";

export const HTTP_MESSAGES = {
  invalidCsrf: "Invalid CSRF token",
  notAuthenticated: "Not authenticated",
  forbidden: "You do not have permission to do that",
  notFound: "Not found",
  internal: "Something went wrong. Please try again later.",
  invalidInput: "Please fill out all required fields correctly.",
  tooManyRequests: "Too many requests. Please slow down.",
  requestTooLarge: "Request is too large.",
  unsupportedContentType: "Unsupported content type.",
} as const;

/**
 * Whether an address (absolute, or a path on this site) leads into the API: its path, with dot
 * segments resolved and escapes decoded, starts with /api. Pictures a member chooses (pasted
 * images, GIF links, name tag backgrounds) are never loaded from there: the browser would send a
 * GET such as /api/auth/logout with the viewer's own session.
 */
export function isApiAddress(raw: string): boolean {
  let path: string;
  try {
    path = new URL(raw.trim(), "http://station.invalid/").pathname;
  } catch {
    return false;
  }
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  return /^[/\\]+api(?![\w-])/i.test(path);
}
