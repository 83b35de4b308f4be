import { createHmac, timingSafeEqual } from "node:crypto";

export const VISITOR_COOKIE = "aw_vid";

/** A CSRF token is an HMAC of the browser's binding (its session token or visitor id) under the server key. */
export function csrfTokenFor(secret: string, binding: string): string {
  return createHmac("sha256", secret).update(`csrf:${binding}`).digest("base64url");
}

export function verifyCsrfToken(
  secret: string,
  token: string | undefined,
  bindings: (string | undefined)[],
): boolean {
  if (!token) return false;
  const given = Buffer.from(token);
  return bindings.some((b) => {
    if (!b) return false;
    const expected = Buffer.from(csrfTokenFor(secret, b));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
