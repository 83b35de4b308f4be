import { CSRF_HEADER } from "@airwave/contracts";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type FormParts, multipartBody } from "./multipart.ts";

let addresses = 0;

/**
 * A client address no other agent of this test process uses (198.18.0.0/15, the range set aside
 * for benchmarks; nothing is sent there): calls limited per address (registrations, contact
 * messages, reset requests) then count apart, as from different visitors.
 */
export function uniqueIp(): string {
  addresses += 1;
  return `198.${18 + ((addresses >> 16) & 1)}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A browser-like client over `app.inject`: keeps cookies, fetches the CSRF token from authRequest
 * before state-changing calls (as the spec's client does), and can sign in.
 */
export class Agent {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly ip = "127.0.0.1",
  ) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keepCookies(res: LightMyRequestResponse) {
    for (const c of res.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === "";
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  /** Sets a cookie as a server's answer would (a session made without the login form). */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
    return this;
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }

  async csrfToken(): Promise<string> {
    const res = await this.request("GET", "/api/auth/authRequest");
    return res.json().csrfToken;
  }

  /** A raw request: no CSRF token unless given in headers. */
  async request(
    method: Method,
    url: string,
    opts: { body?: unknown; headers?: Record<string, string>; query?: Record<string, string> } = {},
  ) {
    const res = await this.app.inject({
      method,
      url,
      query: opts.query,
      payload: opts.body as InjectOptions["payload"],
      remoteAddress: this.ip,
      headers: { ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}), ...opts.headers },
    });
    this.keepCookies(res);
    return res;
  }

  get(url: string, query?: Record<string, string>) {
    return this.request("GET", url, { query });
  }

  /** A state-changing call with a fresh CSRF token, as the browser client sends it. */
  async send(method: Exclude<Method, "GET" | "HEAD">, url: string, body?: unknown) {
    const token = await this.csrfToken();
    return this.request(method, url, { body, headers: { [CSRF_HEADER]: token } });
  }

  post(url: string, body?: unknown) {
    return this.send("POST", url, body);
  }

  /**
   * A multipart form post (file uploads), as the browser sends FormData: with a fresh CSRF token
   * unless `csrf: false`.
   */
  async postForm(url: string, parts: FormParts, opts: { csrf?: boolean } = {}) {
    const { body, contentType } = multipartBody(parts);
    const headers: Record<string, string> = { "content-type": contentType };
    if (opts.csrf !== false) headers[CSRF_HEADER] = await this.csrfToken();
    return this.request("POST", url, { body, headers });
  }

  async login(username: string, password: string) {
    const res = await this.post("/api/auth/login", { username, password });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res;
  }
}
