/** Cross-cutting HTTP contract: header names, generic error texts, the public API list. */
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
 * API routes open to visitors (no session needed). Every other `/api` route answers 401 without a
 * session; the server enforces this list and a test enumerates every registered route against it.
 * Format: "METHOD /path" exactly as registered.
 */
export const PUBLIC_API_ROUTES: readonly string[] = [
  "GET /api/health",
  "GET /api/openapi.json",
  "GET /api/auth/authRequest",
  "GET /api/auth/checkauth",
  "POST /api/auth/register",
  "GET /api/auth/registration/status",
  "POST /api/auth/login",
  "GET /api/auth/logout",
  "POST /api/auth/forgotPassword",
  "POST /api/auth/resetPassword",
  "POST /api/home/contact",
  "GET /api/auth/schedule",
  "GET /api/auth/theme-settings",
  "GET /api/build-version",
  // The radio: now-playing and the relayed stream for every visitor; the live log-in routes
  // authenticate Liquidsoap by the shared key header instead of a session.
  "GET /api/radio/nowplaying",
  "GET /api/radio/stream",
  "POST /api/internal/radio/auth",
  "POST /api/internal/radio/djon",
  "POST /api/internal/radio/djoff",
];

/** Routes that change state but authenticate with a shared key instead of a browser session. */
export const CSRF_EXEMPT_API_ROUTES: readonly string[] = [
  "POST /api/internal/radio/auth",
  "POST /api/internal/radio/djon",
  "POST /api/internal/radio/djoff",
];

export const isPublicApiRoute = (method: string, path: string) =>
  PUBLIC_API_ROUTES.includes(`${method.toUpperCase()} ${path}`);

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
