import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { CHAT_NAMESPACE, CSRF_HEADER } from "@airwave/contracts";
import { io, type Socket } from "socket.io-client";
import { createSession, SESSION_COOKIE } from "../../src/platform/sessions/sessions.ts";
import { type ChatClient, connected, recordEvents } from "../chat-client.ts";
import type { BuiltUser } from "../factories.ts";
import type { Cluster } from "./cluster.ts";
import type { AppInstance } from "./instance.ts";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json<T = unknown>(): T;
}

/** A socket of a visitor through nginx, recording what it receives. */
export type RecordedSocket = Pick<ChatClient, "socket" | "received" | "next"> & { close(): void };

/**
 * A browser through nginx, from its own loopback address (127.x.y.z: nginx picks a member's
 * Socket.IO instance by client address): keeps cookies, sends the CSRF token with changes as the
 * web client does, opens the main and chat Socket.IO connections over WebSocket (TLS).
 */
export class Visitor {
  constructor(
    private readonly cluster: Cluster,
    readonly address: string,
    private readonly cookies = new Map<string, string>(),
    private readonly instance?: AppInstance,
  ) {}

  /**
   * The same browser with its HTTP calls sent to `instance` directly, as nginx forwards them (its
   * X-Forwarded-* headers): "a call handled by instance one", where nginx would pick either.
   */
  via(instance: AppInstance): Visitor {
    return new Visitor(this.cluster, this.address, this.cookies, instance);
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** Signs in without the form: a session row, as a login would write (many members at once). */
  async sessionFor(member: BuiltUser) {
    const { token } = await createSession(this.cluster.db, member.user.id, { ip: this.address });
    this.cookies.set(SESSION_COOKIE, token);
    return this;
  }

  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return new Promise<Answer>((resolve, reject) => {
      // A Buffer goes as it is (a multipart form, its content type in `headers`); anything else as JSON.
      const raw = Buffer.isBuffer(body);
      const payload = body === undefined ? undefined : raw ? body : JSON.stringify(body);
      const all = {
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(payload && !raw ? { "content-type": "application/json" } : {}),
        ...headers,
      };
      const forwarded = { "x-forwarded-for": this.address, "x-forwarded-proto": "https" };
      const onAnswer = (res: import("node:http").IncomingMessage) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => {
          for (const line of res.headers["set-cookie"] ?? []) {
            const [pair = "", ...attributes] = line.split(";");
            const [name = "", value = ""] = pair.split("=");
            const expired = value === "" || attributes.some((a) => /^\s*max-age=0$/i.test(a));
            if (expired) this.cookies.delete(name.trim());
            else this.cookies.set(name.trim(), value);
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      };
      const req = this.instance
        ? httpRequest(
            `${this.instance.url}${path}`,
            { method, headers: { ...all, ...forwarded } },
            onAnswer,
          )
        : httpsRequest(
            `${this.cluster.url}${path}`,
            { method, ca: this.cluster.nginx.ca, localAddress: this.address, headers: all },
            onAnswer,
          );
      req.on("error", reject);
      req.end(payload);
    });
  }

  get(path: string) {
    return this.request("GET", path);
  }

  /** A change, with a fresh CSRF token as the web client sends it. */
  async post(path: string, body?: unknown) {
    const token = (await this.get("/api/auth/authRequest")).json<{ csrfToken: string }>().csrfToken;
    return this.request("POST", path, body, { [CSRF_HEADER]: token });
  }

  /** A multipart form (`multipartBody`), with a fresh CSRF token as the web client sends it. */
  async postForm(path: string, form: { body: Buffer; contentType: string }) {
    const token = (await this.get("/api/auth/authRequest")).json<{ csrfToken: string }>().csrfToken;
    return this.request("POST", path, form.body, {
      [CSRF_HEADER]: token,
      "content-type": form.contentType,
    });
  }

  async login(member: BuiltUser) {
    const answer = await this.post("/api/auth/login", {
      username: member.user.username,
      password: member.password,
    });
    if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.body}`);
    return answer;
  }

  /** A Socket.IO connection through nginx (the main namespace unless `namespace`), recorded. */
  socket(namespace = "", options: { reconnection?: boolean } = {}): RecordedSocket {
    const settings = {
      transports: ["websocket"],
      extraHeaders: { cookie: this.cookieHeader() },
      ca: this.cluster.nginx.ca,
      // engine.io-client passes it on to the WebSocket (Node), though its types leave it out.
      localAddress: this.address,
      reconnection: options.reconnection ?? false,
      forceNew: true,
    };
    const socket: Socket = io(`${this.cluster.url}${namespace}`, settings);
    return { socket, ...recordEvents(socket, this.address), close: () => socket.disconnect() };
  }

  /** The chat room connection, connected. */
  async chat(options: { reconnection?: boolean } = {}) {
    const client = this.socket(CHAT_NAMESPACE, options);
    await connected(client.socket);
    return client;
  }
}

/** The `n`-th loopback address past 127.0.0.1 (127.0.0.2, …): a visitor's own. */
export const loopback = (n: number) =>
  `127.${((n + 1) >> 16) & 255}.${((n + 1) >> 8) & 255}.${(n + 1) & 255}`;
