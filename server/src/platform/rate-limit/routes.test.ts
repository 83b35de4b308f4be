import { createHash, randomBytes } from "node:crypto";
import {
  GIF_ADMIN_API,
  GIF_API,
  RATE_LIMIT_MESSAGES,
  RATE_LIMITS,
  type RateLimitName,
} from "@airwave/contracts";
import { isNotNull } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, uniqueIp } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildConversation } from "../../../test/factories/messages.ts";
import { buildPost } from "../../../test/factories/posts.ts";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { type GiphyFake, startGiphyFake } from "../../../test/giphy-fake.ts";
import { animatedGif, pngImage } from "../../../test/images.ts";
import { signInMember } from "../../../test/members.ts";
import { passwordResets } from "../../features/auth/schema.ts";
import { gifs } from "../../features/gifs/schema.ts";
import { contactMessages } from "../../features/home/schema.ts";
import { comments, postReports, posts } from "../../features/posts/schema.ts";
import { conversations, privateMessages } from "../../features/private-messages/schema.ts";
import { users } from "../identity/users.schema.ts";
import { uploads } from "../storage/schema.ts";

let fake: GiphyFake;
let t: TestApp;
beforeAll(async () => {
  fake = await startGiphyFake();
  t = await createTestApp({ GIPHY_API_KEY: fake.apiKey, GIPHY_API_URL: fake.url });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** The refusal every limit answers: 429, whole seconds to wait within the window, its message. */
function expectRefused(res: LightMyRequestResponse, name: RateLimitName) {
  expect(res.statusCode, res.body).toBe(429);
  const wait = Number(res.headers["retry-after"]);
  expect(Number.isInteger(wait)).toBe(true);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(RATE_LIMITS[name].windowSeconds);
  expect(res.json()).toEqual({ message: RATE_LIMIT_MESSAGES[name] });
}

const png = async () => ({
  filename: "photo.png",
  contentType: "image/png",
  data: await pngImage(),
});

const member = () => signInMember(t);
const visitor = () => new Agent(t.app, uniqueIp());

interface LimitedCall {
  route: string;
  limit: RateLimitName;
  /**
   * Prepares a client with nothing counted yet. `call(i)` makes the i-th call (each one that would
   * change something if allowed); `written` counts the rows such a call writes.
   */
  setup(): Promise<{
    call(i: number): Promise<LightMyRequestResponse>;
    written(): Promise<number>;
  }>;
}

const CALLS: LimitedCall[] = [
  {
    route: "POST /api/auth/register",
    limit: "registrations",
    async setup() {
      const agent = visitor();
      const stamp = Date.now().toString(36);
      return {
        call: (i) =>
          agent.post("/api/auth/register", {
            username: `rl_${stamp}_${i}`,
            email: `rl_${stamp}_${i}@example.test`,
            password: "a-good-password",
          }),
        written: () => countRows(t.ctx.db, users),
      };
    },
  },
  {
    route: "POST /api/auth/forgotPassword",
    limit: "passwordResetRequests",
    async setup() {
      const agent = visitor();
      // A different account each time: the 3 mails an hour per account never stop a call here.
      const accounts: { email: string }[] = [];
      for (let i = 0; i <= RATE_LIMITS.passwordResetRequests.max; i++) {
        accounts.push((await buildUser(t.ctx.db)).user);
      }
      return {
        call: (i) => agent.post("/api/auth/forgotPassword", { email: accounts[i]?.email }),
        written: () => countRows(t.ctx.db, passwordResets),
      };
    },
  },
  {
    route: "POST /api/auth/resetPassword",
    limit: "passwordResets",
    async setup() {
      const agent = visitor();
      // A live key of a different account each time: every call allowed would set a password.
      const keys: string[] = [];
      for (let i = 0; i <= RATE_LIMITS.passwordResets.max; i++) {
        const { user } = await buildUser(t.ctx.db);
        const key = randomBytes(16).toString("hex");
        await t.ctx.db.insert(passwordResets).values({
          keyHash: createHash("sha256").update(key).digest("hex"),
          userId: user.id,
          expiresAt: new Date(Date.now() + 3_600_000),
        });
        keys.push(key);
      }
      return {
        call: (i) =>
          agent.post("/api/auth/resetPassword", { key: keys[i], password: "a-brand-new-password" }),
        written: () => countRows(t.ctx.db, passwordResets, isNotNull(passwordResets.usedAt)),
      };
    },
  },
  {
    route: "POST /api/home/contact",
    limit: "contactMessages",
    async setup() {
      const agent = visitor();
      return {
        call: (i) =>
          agent.post("/api/home/contact", {
            name: "Sam",
            email: "sam@example.test",
            subject: `Request ${i}`,
            message: "More deep house on Fridays, please.",
          }),
        written: () => countRows(t.ctx.db, contactMessages),
      };
    },
  },
  ...(
    [
      ["/api/auth/uploadTempImage", "file"],
      ["/api/auth/uploadProfilePicture", "file"],
      ["/api/auth/uploadCoverPhoto", "file"],
    ] as const
  ).map(
    ([url, field]): LimitedCall => ({
      route: `POST ${url}`,
      limit: "uploads",
      async setup() {
        const { agent } = await member();
        return {
          call: async () => agent.postForm(url, { [field]: await png() }),
          written: () => countRows(t.ctx.db, uploads),
        };
      },
    }),
  ),
  {
    route: `POST ${GIF_ADMIN_API.upload}`,
    limit: "uploads",
    async setup() {
      const { agent } = await signInMember(t, buildAdmin);
      const data = await animatedGif();
      return {
        call: (i) =>
          agent.postForm(GIF_ADMIN_API.upload, {
            name: `Dance ${i}`,
            file: { filename: "dance.gif", contentType: "image/gif", data },
          }),
        written: () => countRows(t.ctx.db, gifs),
      };
    },
  },
  {
    route: "POST /api/auth/userPost",
    limit: "posts",
    async setup() {
      const { agent } = await member();
      return {
        call: (i) => agent.post("/api/auth/userPost", { post: `Tune number ${i}` }),
        written: () => countRows(t.ctx.db, posts),
      };
    },
  },
  {
    route: "POST /api/auth/userPostWithImage",
    limit: "posts",
    async setup() {
      const { agent } = await member();
      return {
        call: async (i) =>
          agent.postForm("/api/auth/userPostWithImage", {
            post: `Flyer ${i}`,
            imageFile: await png(),
          }),
        written: async () =>
          (await countRows(t.ctx.db, posts)) + (await countRows(t.ctx.db, uploads)),
      };
    },
  },
  {
    route: "POST /api/auth/sharePost",
    limit: "posts",
    async setup() {
      const { agent } = await member();
      const { user: author } = await buildUser(t.ctx.db);
      const originals: { id: string }[] = [];
      for (let i = 0; i <= RATE_LIMITS.posts.max; i++) {
        originals.push(await buildPost(t.ctx.db, author.id));
      }
      return {
        call: (i) =>
          agent.post("/api/auth/sharePost", { originalPostId: originals[i]?.id, caption: "Yes!" }),
        written: () => countRows(t.ctx.db, posts),
      };
    },
  },
  {
    route: "POST /api/auth/commentPost",
    limit: "comments",
    async setup() {
      const { agent } = await member();
      const { user: author } = await buildUser(t.ctx.db);
      const post = await buildPost(t.ctx.db, author.id);
      return {
        call: (i) => agent.post("/api/auth/commentPost", { postid: post.id, comment: `Big ${i}` }),
        written: () => countRows(t.ctx.db, comments),
      };
    },
  },
  {
    route: "POST /api/auth/reportPost",
    limit: "reports",
    async setup() {
      const { agent } = await member();
      const { user: author } = await buildUser(t.ctx.db);
      // One report per member per post: a post of its own for each call.
      const reported: { id: string }[] = [];
      for (let i = 0; i <= RATE_LIMITS.reports.max; i++) {
        reported.push(await buildPost(t.ctx.db, author.id));
      }
      return {
        call: (i) =>
          agent.post("/api/auth/reportPost", { postId: reported[i]?.id, reason: "spam" }),
        written: () => countRows(t.ctx.db, postReports),
      };
    },
  },
  {
    route: "POST /api/auth/pm/conversations",
    limit: "privateMessages",
    async setup() {
      const { agent } = await member();
      const { user: friend } = await buildUser(t.ctx.db);
      const { user: stranger } = await buildUser(t.ctx.db);
      // Within the limit the same conversation again; the refused call would start a new one.
      return {
        call: (i) =>
          agent.post("/api/auth/pm/conversations", {
            userId: i < RATE_LIMITS.privateMessages.max ? friend.id : stranger.id,
          }),
        written: () => countRows(t.ctx.db, conversations),
      };
    },
  },
  {
    route: "POST /api/auth/pm/conversations/:id/messages",
    limit: "privateMessages",
    async setup() {
      const sender = await member();
      const { user: friend } = await buildUser(t.ctx.db);
      const convo = await buildConversation(t.ctx.db, [sender.user.id, friend.id]);
      return {
        call: (i) =>
          sender.agent.post(`/api/auth/pm/conversations/${convo.id}/messages`, {
            body: `Hello ${i}`,
          }),
        written: () => countRows(t.ctx.db, privateMessages),
      };
    },
  },
  {
    route: "GET /api/auth/searchUsers",
    limit: "searches",
    async setup() {
      const { agent } = await member();
      return {
        call: (i) => agent.get("/api/auth/searchUsers", { q: `dj${i}` }),
        written: async () => 0,
      };
    },
  },
  ...[GIF_API.search, GIF_API.trending].map(
    (url): LimitedCall => ({
      route: `GET ${url}`,
      limit: "searches",
      async setup() {
        const { agent } = await member();
        return {
          call: (i) => agent.get(url, { q: `party ${i}` }),
          // What a search costs outside: a call to the GIF service with the station's key.
          written: async () => fake.calls.length,
        };
      },
    }),
  ),
];

describe("abuse limits", () => {
  it.each(CALLS)(
    "$route: limit + 1 calls, the last refused with 429 ($limit), writing nothing",
    async ({ limit, setup }) => {
      const { call, written } = await setup();
      const { max } = RATE_LIMITS[limit];
      for (let i = 0; i < max; i++) {
        const res = await call(i);
        expect(res.statusCode, `call ${i + 1}: ${res.body}`).toBeLessThan(300);
      }
      const before = await written();
      expectRefused(await call(max), limit);
      expect(await written()).toBe(before);
    },
  );

  it("counts every upload call together: a post with an image is refused once the uploads are used up", async () => {
    const { agent } = await member();
    for (let i = 0; i < RATE_LIMITS.uploads.max; i++) {
      const res = await agent.postForm("/api/auth/uploadTempImage", { file: await png() });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await countRows(t.ctx.db, posts);
    const res = await agent.postForm("/api/auth/userPostWithImage", {
      post: "One more flyer",
      imageFile: await png(),
    });
    expectRefused(res, "uploads");
    expect(await countRows(t.ctx.db, posts)).toBe(before);
  });

  it("counts addresses and members apart", async () => {
    const register = (agent: Agent, name: string) =>
      agent.post("/api/auth/register", {
        username: name,
        email: `${name}@example.test`,
        password: "a-good-password",
      });
    const stamp = Date.now().toString(36);
    const busy = visitor();
    for (let i = 0; i < RATE_LIMITS.registrations.max; i++) {
      expect((await register(busy, `ap_${stamp}_${i}`)).statusCode).toBe(201);
    }
    expectRefused(await register(busy, `ap_${stamp}_x`), "registrations");
    expect((await register(visitor(), `ap_${stamp}_y`)).statusCode).toBe(201);

    const [a, b] = [await member(), await member()];
    for (let i = 0; i < RATE_LIMITS.posts.max; i++) {
      expect((await a.agent.post("/api/auth/userPost", { post: `a ${i}` })).statusCode).toBe(201);
    }
    expectRefused(await a.agent.post("/api/auth/userPost", { post: "a again" }), "posts");
    // Another member from the same address (every agent here is 127.0.0.1) still posts.
    expect((await b.agent.post("/api/auth/userPost", { post: "b" })).statusCode).toBe(201);
  });
});

describe("the client address behind a proxy", () => {
  /** Registers limit + 1 times, claiming `address(i)` in X-Forwarded-For. */
  async function claimAddresses(app: TestApp, address: (i: number) => string) {
    const stamp = randomBytes(4).toString("hex");
    const answers = [];
    for (let i = 0; i <= RATE_LIMITS.registrations.max; i++) {
      const agent = new Agent(app.app);
      const csrfToken = await agent.csrfToken();
      answers.push(
        await agent.request("POST", "/api/auth/register", {
          body: {
            username: `px_${stamp}_${i}`,
            email: `px_${stamp}_${i}@example.test`,
            password: "a-good-password",
          },
          headers: { "x-forwarded-for": address(i), "x-csrf-token": csrfToken },
        }),
      );
    }
    return answers;
  }

  it("ignores X-Forwarded-For without TRUST_PROXY: a bot cannot dodge the limit with a header", async () => {
    const answers = await claimAddresses(t, (i) => `203.0.113.${i + 1}`);
    expect(answers.slice(0, -1).map((r) => r.statusCode)).toEqual(
      Array(RATE_LIMITS.registrations.max).fill(201),
    );
    expectRefused(answers.at(-1) as LightMyRequestResponse, "registrations");
  });

  it("counts the forwarded address with TRUST_PROXY: each apart, one alone up to its limit", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      const apart = await claimAddresses(proxied, (i) => `203.0.113.${i + 1}`);
      expect(apart.map((r) => r.statusCode)).toEqual(
        Array(RATE_LIMITS.registrations.max + 1).fill(201),
      );
      const alone = await claimAddresses(proxied, () => "198.51.100.9");
      expect(alone.slice(0, -1).map((r) => r.statusCode)).toEqual(
        Array(RATE_LIMITS.registrations.max).fill(201),
      );
      expectRefused(alone.at(-1) as LightMyRequestResponse, "registrations");
    } finally {
      await proxied.close();
    }
  });
});
