/**
 * Secrets that travel in URLs, and how every log keeps them out: the key of a password-reset link
 * (`/reset-password/{key}`, any case, as the web's router matches it) and the values of query
 * parameters whose names say they may carry one (`?token=`, `?resetKey=`, `?sessionId=`, `?sid=`...;
 * a harmless name such as `?keyword=` is redacted too, rather than a secret kept).
 */
const RESET_KEY_SEGMENT = /(\/reset-password\/)[^/?#\s"']+/gi;
const SECRET_QUERY_VALUE =
  /([?&][\w.-]*(?:token|key|secret|passw(?:or)?d|code|sig|sid|auth|session|csrf|jwt)[\w.-]*=)[^&#\s"']*/gi;

/** A path with its secret segments replaced (`/reset-password/:key`). */
export const redactPathSecrets = (path: string) => path.replace(RESET_KEY_SEGMENT, "$1:key");

/**
 * Text as a log line may keep it: a URL, or a message holding one (Fastify's "Route GET:/… not
 * found"), with reset keys replaced by `:key` and secret query values by `[redacted]`.
 */
export const redactUrlSecrets = (text: string) =>
  redactPathSecrets(text).replace(SECRET_QUERY_VALUE, "$1[redacted]");
