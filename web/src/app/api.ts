import {
  CSRF_HEADER,
  HTTP_MESSAGES,
  type RouteAnswer,
  type RouteBody,
  type RouteDeclaration,
  type RouteParams,
  type RouteQuery,
  routePath,
} from "@airwave/contracts";

/** Every failed call becomes one ApiError carrying the server's message and answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

let csrfToken: Promise<string> | null = null;

async function fetchCsrfToken(): Promise<string> {
  const res = await fetch("/api/auth/authRequest", { credentials: "include" });
  if (!res.ok) throw new ApiError(res.status, HTTP_MESSAGES.invalidCsrf);
  const body = (await res.json()) as { csrfToken: string };
  return body.csrfToken;
}

/** The token is bound to the session: forget it whenever the session changes (login, logout). */
export function resetCsrfToken() {
  csrfToken = null;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface ApiOptions {
  method?: Method;
  /** A JSON value, or a FormData sent as multipart (the browser sets its content type and boundary). */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

async function readBody(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!text) return {};
  try {
    const parsed = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? parsed : { value: parsed };
  } catch {
    return {};
  }
}

/**
 * The CSRF header for a state-changing call made outside `call` (an upload whose progress an
 * XMLHttpRequest reports). `fresh` forgets the token first (after an invalid-token refusal).
 */
export async function csrfHeaders(fresh = false): Promise<Record<string, string>> {
  if (fresh) resetCsrfToken();
  csrfToken ??= fetchCsrfToken();
  const token = await csrfToken.catch((err) => {
    csrfToken = null;
    throw err;
  });
  return { [CSRF_HEADER]: token };
}

/** The ApiError of a failed answer: the server's message, else the generic one. */
export function apiErrorOf(status: number, body: Record<string, unknown>): ApiError {
  const message =
    (typeof body.message === "string" && body.message) ||
    (typeof body.msg === "string" && body.msg) ||
    (typeof body.error === "string" && body.error) ||
    HTTP_MESSAGES.internal;
  return new ApiError(status, message, body);
}

/** The only fetch wrapper: credentials included, CSRF token attached to every state-changing call. */
async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const method = opts.method ?? "GET";
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  const send = async (): Promise<Response> => {
    const headers: Record<string, string> = {};
    const multipart = typeof FormData !== "undefined" && opts.body instanceof FormData;
    if (opts.body !== undefined && !multipart) headers["content-type"] = "application/json";
    if (method !== "GET") {
      csrfToken ??= fetchCsrfToken();
      headers[CSRF_HEADER] = await csrfToken.catch((err) => {
        csrfToken = null;
        throw err;
      });
    }
    return fetch(url, {
      method,
      headers,
      credentials: "include",
      signal: opts.signal,
      body:
        opts.body === undefined
          ? undefined
          : multipart
            ? (opts.body as FormData)
            : JSON.stringify(opts.body),
    });
  };

  let res = await send();
  let body = await readBody(res);
  if (res.status === 403 && body.message === HTTP_MESSAGES.invalidCsrf) {
    // The session changed under us (another tab signed in or out): fetch a new token once.
    resetCsrfToken();
    res = await send();
    body = await readBody(res);
  }
  if (!res.ok) throw apiErrorOf(res.status, body);
  return body as T;
}

/** A part of a call: absent when the route takes none, optional when an empty one will do. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call of a declared route takes: its path parameters, query, body (JSON or a form). */
export type CallOptions<R extends RouteDeclaration> = Part<"params", RouteParams<R>> &
  ([RouteQuery<R>] extends [undefined] ? { query?: undefined } : { query?: RouteQuery<R> }) &
  (R extends { form: object } ? { body: FormData } : Part<"body", RouteBody<R>>) & {
    signal?: AbortSignal;
  };

/**
 * Calls a route declared in the contracts: its method, its path with the parameters filled in, the
 * query and body its schemas take; answers what its answer schema says.
 */
export function call<R extends RouteDeclaration>(
  route: R,
  ...[options]: object extends CallOptions<R> ? [CallOptions<R>?] : [CallOptions<R>]
): Promise<RouteAnswer<R>> {
  const opts = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const query: Record<string, string | number | undefined> = {};
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null) query[k] = typeof v === "number" ? v : String(v);
  }
  return api<RouteAnswer<R>>(routePath(route.path, opts.params), {
    method: route.method,
    query,
    body: opts.body,
    signal: opts.signal,
  });
}
