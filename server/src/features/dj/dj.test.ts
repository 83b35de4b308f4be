import {
  type AdminDjApplicationView,
  CSRF_HEADER,
  DJ_LIMITS,
  DJ_MESSAGES,
  type DjApplicationView,
  HTTP_MESSAGES,
  type MyDjAppAnswer,
  type MyDjAppFound,
  type NotificationView,
  USER_EVENTS,
  userRoom,
} from "@airwave/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildDjApplication, djApplicationInput } from "../../../test/factories/dj.ts";
import { buildAdmin, buildModerator, buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { notifications } from "../notifications/schema.ts";
import { type UserRow, users } from "../users/schema.ts";
import { djApplications, djCredentials } from "./schema.ts";

const STREAM = { STREAM_HOST: "stream.airwave.test", STREAM_IP: "203.0.113.7" };

let t: TestApp;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp(STREAM);
  admin = await member(buildAdmin);
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

interface Member {
  user: UserRow;
  agent: Agent;
}

/** A member signed in with their own browser. */
const member = (build: typeof buildUser = buildUser, overrides = {}): Promise<Member> =>
  signInMember(t, build, overrides);

const apply = (m: Member, body: unknown = djApplicationInput()) =>
  m.agent.post("/api/auth/applyDj", body);
const myApp = async (m: Member): Promise<MyDjAppAnswer> => {
  const res = await m.agent.get("/api/auth/myDjApp");
  expect(res.statusCode).toBe(200);
  return res.json();
};
const applicationsOf = (m: Member) =>
  countRows(t.ctx.db, djApplications, eq(djApplications.userId, m.user.id));
const userRow = async (m: Member) => {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.id, m.user.id));
  return row;
};

/** Applies through the API and returns the new application's id. */
async function applied(m: Member): Promise<string> {
  const res = await apply(m);
  expect(res.statusCode).toBe(201);
  return res.json().applicationId;
}

/** A member whose application the admin approved; returns their clear radio password. */
async function approvedDj(): Promise<Member & { radioPassword: string; radioUsername: string }> {
  const m = await member(buildUser, { username: `DJ_${Math.random().toString(36).slice(2, 8)}` });
  const id = await applied(m);
  const res = await admin.agent.post("/api/auth/approveDj", { applicationId: id });
  expect(res.statusCode).toBe(200);
  const mine = (await myApp(m)) as MyDjAppFound;
  if (!mine.radioPassword || !mine.radioUsername) throw new Error("no credentials after approval");
  return { ...m, radioPassword: mine.radioPassword, radioUsername: mine.radioUsername };
}

async function notificationsOf(m: Member): Promise<NotificationView[]> {
  const res = await m.agent.get("/api/auth/userNotifications");
  expect(res.statusCode).toBe(200);
  return res.json().notifications;
}

describe("POST /api/auth/applyDj", () => {
  it("stores a pending application and answers 201 with it (trimmed, genres in list order)", async () => {
    const m = await member();
    const res = await apply(
      m,
      djApplicationInput({
        experience: "  Ten years behind the decks  ",
        genres: ["Techno", "Drum & Bass", "Techno", "House"],
      }),
    );
    expect(res.statusCode).toBe(201);
    const body: DjApplicationView = res.json();
    expect(body).toMatchObject({
      status: "pending",
      experience: "Ten years behind the decks",
      equipment: djApplicationInput().equipment,
      availability: djApplicationInput().availability,
      genre: ["House", "Techno", "Drum & Bass"],
      mixcloud: djApplicationInput().mixcloud,
      decidedAt: null,
    });
    expect(body._id).toBe(body.applicationId);
    expect(Date.parse(body.submittedAt)).not.toBeNaN();
    expect(body).not.toHaveProperty("radioPassword");

    const [row] = await t.ctx.db
      .select()
      .from(djApplications)
      .where(eq(djApplications.id, body.applicationId));
    expect(row).toMatchObject({ userId: m.user.id, status: "pending" });
    // Applying does not make anyone a DJ.
    expect((await userRow(m))?.isDj).toBe(false);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["experience missing", { experience: undefined }, DJ_MESSAGES.experienceRequired],
    ["experience blank", { experience: "   " }, DJ_MESSAGES.experienceRequired],
    [
      "experience too long",
      { experience: "x".repeat(DJ_LIMITS.experienceMax + 1) },
      DJ_MESSAGES.experienceTooLong,
    ],
    ["equipment missing", { equipment: undefined }, DJ_MESSAGES.equipmentRequired],
    ["equipment blank", { equipment: "" }, DJ_MESSAGES.equipmentRequired],
    [
      "equipment too long",
      { equipment: "x".repeat(DJ_LIMITS.equipmentMax + 1) },
      DJ_MESSAGES.equipmentTooLong,
    ],
    ["availability missing", { availability: undefined }, DJ_MESSAGES.availabilityRequired],
    ["availability blank", { availability: " \n " }, DJ_MESSAGES.availabilityRequired],
    [
      "availability too long",
      { availability: "x".repeat(DJ_LIMITS.availabilityMax + 1) },
      DJ_MESSAGES.availabilityTooLong,
    ],
    ["genres empty", { genres: [] }, DJ_MESSAGES.genreRequired],
    ["genres missing", { genres: undefined }, DJ_MESSAGES.genreRequired],
    ["genres not a list", { genres: "House" }, DJ_MESSAGES.genreRequired],
    ["a genre not in the list", { genres: ["House", "Polka"] }, DJ_MESSAGES.genreInvalid],
    ["mixcloud missing", { mixcloud: undefined }, DJ_MESSAGES.mixcloudRequired],
    ["mixcloud blank", { mixcloud: "  " }, DJ_MESSAGES.mixcloudRequired],
    ["mixcloud without scheme", { mixcloud: "www.mixcloud.com/dj" }, DJ_MESSAGES.mixcloudScheme],
    ["mixcloud javascript:", { mixcloud: "javascript:alert(1)" }, DJ_MESSAGES.mixcloudScheme],
    ["mixcloud ftp", { mixcloud: "ftp://mixcloud.com/dj" }, DJ_MESSAGES.mixcloudScheme],
    [
      "mixcloud too long",
      { mixcloud: `https://mixcloud.com/${"a".repeat(DJ_LIMITS.mixcloudMax)}` },
      DJ_MESSAGES.mixcloudTooLong,
    ],
  ];

  it.each(invalid)(
    "refuses %s with 400 and the contract's message, writing nothing",
    async (_n, over, message) => {
      const m = await member();
      const res = await apply(m, { ...djApplicationInput(), ...over });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(await applicationsOf(m)).toBe(0);
    },
  );

  it("refuses a body that is not an object with 400", async () => {
    const m = await member();
    const res = await apply(m, ["not", "an", "object"]);
    expect(res.statusCode).toBe(400);
    expect(await applicationsOf(m)).toBe(0);
  });

  it("refuses a second application while one is pending with 409, keeping the first", async () => {
    const m = await member();
    const first = await applied(m);
    const res = await apply(m, djApplicationInput({ experience: "Another try" }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DJ_MESSAGES.alreadyPending });
    expect(await applicationsOf(m)).toBe(1);
    expect((await myApp(m)) as MyDjAppFound).toMatchObject({ applicationId: first });
  });

  it("stores exactly one of five parallel applications", async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => apply(m, djApplicationInput({ experience: `try ${i}` }))),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json()).toEqual({ message: DJ_MESSAGES.alreadyPending });
    }
    expect(await applicationsOf(m)).toBe(1);
  });

  it("lets a rejected applicant apply again", async () => {
    const m = await member();
    const id = await applied(m);
    expect((await admin.agent.post("/api/auth/rejectDj", { applicationId: id })).statusCode).toBe(
      200,
    );
    const again = await apply(m);
    expect(again.statusCode).toBe(201);
    expect(again.json().applicationId).not.toBe(id);
    expect(await applicationsOf(m)).toBe(2);
  });

  it("refuses an approved DJ with 409 and says why", async () => {
    const dj = await approvedDj();
    const res = await apply(dj);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DJ_MESSAGES.alreadyDj });
    expect(await applicationsOf(dj)).toBe(1);
  });

  it("lets a member whose DJ status was removed apply again; approval keeps the old password", async () => {
    const dj = await approvedDj();
    await t.ctx.db.update(users).set({ isDj: false }).where(eq(users.id, dj.user.id));
    const id = await applied(dj);
    const res = await admin.agent.post("/api/auth/approveDj", { applicationId: id });
    expect(res.statusCode).toBe(200);
    const mine = (await myApp(dj)) as MyDjAppFound;
    expect(mine).toMatchObject({ applicationId: id, status: "approved" });
    expect(mine.radioPassword).toBe(dj.radioPassword);
    expect(await countRows(t.ctx.db, djCredentials, eq(djCredentials.userId, dj.user.id))).toBe(1);
    expect((await userRow(dj))?.isDj).toBe(true);
  });

  it("refuses a visitor with 401 and a request without CSRF token with 403", async () => {
    const visitor = new Agent(t.app);
    const res = await visitor.post("/api/auth/applyDj", djApplicationInput());
    expect(res.statusCode).toBe(401);
    const m = await member();
    const noToken = await m.agent.request("POST", "/api/auth/applyDj", {
      body: djApplicationInput(),
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toEqual({ message: HTTP_MESSAGES.invalidCsrf });
    const wrongToken = await m.agent.request("POST", "/api/auth/applyDj", {
      body: djApplicationInput(),
      headers: { [CSRF_HEADER]: "forged" },
    });
    expect(wrongToken.statusCode).toBe(403);
    expect(await applicationsOf(m)).toBe(0);
  });
});

describe("GET /api/auth/myDjApp", () => {
  const streaming = { host: STREAM.STREAM_HOST, ip: STREAM.STREAM_IP, port: 8005 };

  it("answers status null and the streaming server details when there is no application", async () => {
    const m = await member();
    expect(await myApp(m)).toEqual({ status: null, streaming });
  });

  it("shows a pending application without credentials", async () => {
    const m = await member();
    const id = await applied(m);
    const mine = await myApp(m);
    expect(mine).toEqual({
      _id: id,
      applicationId: id,
      status: "pending",
      experience: djApplicationInput().experience,
      equipment: djApplicationInput().equipment,
      availability: djApplicationInput().availability,
      genre: ["House", "Techno"],
      mixcloud: djApplicationInput().mixcloud,
      submittedAt: expect.any(String),
      decidedAt: null,
      streaming,
    });
  });

  it("shows the latest application", async () => {
    const m = await member();
    await buildDjApplication(t.ctx.db, m.user.id, { status: "rejected", ageMs: 60_000 });
    const newer = await buildDjApplication(t.ctx.db, m.user.id, { experience: "The newer one" });
    expect(await myApp(m)).toMatchObject({ applicationId: newer.id, experience: "The newer one" });
  });

  it("shows a rejected application without credentials", async () => {
    const m = await member();
    const id = await applied(m);
    await admin.agent.post("/api/auth/rejectDj", { applicationId: id });
    const mine = await myApp(m);
    expect(mine).toMatchObject({ status: "rejected", streaming });
    expect(mine).not.toHaveProperty("radioUsername");
    expect(mine).not.toHaveProperty("radioPassword");
  });

  it("gives an approved applicant the radio username (lower-cased) and a 16-character password", async () => {
    const dj = await approvedDj();
    const mine = (await myApp(dj)) as MyDjAppFound;
    expect(mine.status).toBe("approved");
    expect(mine.radioUsername).toBe(dj.user.username.toLowerCase());
    expect(mine.radioUsername).not.toBe(dj.user.username); // the factory name has capitals
    expect(mine.radioPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(mine.streaming).toEqual(streaming);
    // The same password on every read.
    expect(((await myApp(dj)) as MyDjAppFound).radioPassword).toBe(dj.radioPassword);
  });

  it("gives every approved DJ a different password", async () => {
    const a = await approvedDj();
    const b = await approvedDj();
    expect(a.radioPassword).not.toBe(b.radioPassword);
  });

  it("refuses a visitor with 401", async () => {
    const res = await new Agent(t.app).get("/api/auth/myDjApp");
    expect(res.statusCode).toBe(401);
  });
});

describe("the radio password is secret", () => {
  it("is stored encrypted: the raw table holds no clear password", async () => {
    const dj = await approvedDj();
    const raw = await t.ctx.db.execute(
      sql`select * from dj_credentials where user_id = ${dj.user.id}`,
    );
    const rows = (raw as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toHaveLength(1);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(dj.radioPassword);
    expect(dump).not.toContain(Buffer.from(dj.radioPassword).toString("base64"));
    expect(rows[0]?.radio_username).toBe(dj.radioUsername);
    expect(String(rows[0]?.radio_password_encrypted)).toMatch(/^v1\./);
  });

  it("appears in no other answer: profile, user lists, applications, notifications, other members", async () => {
    const dj = await approvedDj();
    const other = await member();
    const answers = await Promise.all([
      dj.agent.get("/api/auth/userdata"),
      dj.agent.get("/api/auth/getUserProfileData", { id: dj.user.id }),
      dj.agent.get("/api/auth/userNotifications"),
      other.agent.get("/api/auth/userdata", { id: dj.user.id }),
      other.agent.get("/api/auth/getUserProfileData", { id: dj.user.username }),
      other.agent.get("/api/auth/getDjUsers"),
      other.agent.get("/api/auth/getUsers"),
      other.agent.get("/api/auth/myDjApp"),
      admin.agent.get("/api/auth/getDjApplications"),
      admin.agent.get("/api/auth/getUsers"),
      admin.agent.get("/api/auth/getDjUsers"),
      admin.agent.get("/api/auth/userdata", { id: dj.user.id }),
      admin.agent.get("/api/auth/getUserProfileData", { id: dj.user.id }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(dj.radioPassword);
      expect(res.body).not.toContain("radioPassword");
    }
    // The lists did include the DJ (the check above is not vacuous).
    expect(answers[5]?.body).toContain(dj.user.id);
    expect(answers[8]?.body).toContain(dj.user.id);
  });
});

describe("GET /api/auth/getDjApplications", () => {
  it("lists every application with its applicant, newest first, for an admin", async () => {
    const a = await member();
    const b = await member();
    const older = await buildDjApplication(t.ctx.db, a.user.id, {
      status: "rejected",
      ageMs: 120_000,
    });
    const middle = await buildDjApplication(t.ctx.db, b.user.id, { ageMs: 60_000 });
    const newest = await buildDjApplication(t.ctx.db, a.user.id, { genres: ["Hardcore"] });

    const res = await admin.agent.get("/api/auth/getDjApplications");
    expect(res.statusCode).toBe(200);
    const list: AdminDjApplicationView[] = res.json().applications;
    const ours = list.filter((x) => [older.id, middle.id, newest.id].includes(x._id));
    expect(ours.map((x) => x._id)).toEqual([newest.id, middle.id, older.id]);
    expect(ours[0]).toMatchObject({
      applicationId: newest.id,
      userId: a.user.id,
      username: a.user.username,
      status: "pending",
      genre: ["Hardcore"],
    });
    expect(ours[1]).toMatchObject({ username: b.user.username, status: "pending" });
    expect(ours[2]).toMatchObject({ username: a.user.username, status: "rejected" });
    // Newest first over the whole list.
    const times = list.map((x) => Date.parse(x.submittedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it("is refused to a member and a moderator with 403", async () => {
    for (const m of [await member(), await member(buildModerator)]) {
      const res = await m.agent.get("/api/auth/getDjApplications");
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: DJ_MESSAGES.reviewForbidden });
    }
  });
});

describe("POST /api/auth/approveDj", () => {
  it("approves in one go: status, decided by, DJ status, encrypted credentials, a system notification", async () => {
    const m = await member();
    const id = await applied(m);
    const publish = vi.spyOn(t.ctx.realtime, "publish");
    const res = await admin.agent.post("/api/auth/approveDj", { applicationId: id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      applicationId: id,
      status: "approved",
      userId: m.user.id,
      username: m.user.username,
      decidedAt: expect.any(String),
    });
    expect(res.body).not.toContain("radioPassword");

    const [row] = await t.ctx.db.select().from(djApplications).where(eq(djApplications.id, id));
    expect(row).toMatchObject({ status: "approved", decidedBy: admin.user.id });
    expect(row?.decidedAt).toBeInstanceOf(Date);
    expect((await userRow(m))?.isDj).toBe(true);
    const [cred] = await t.ctx.db
      .select()
      .from(djCredentials)
      .where(eq(djCredentials.userId, m.user.id));
    expect(cred?.radioUsername).toBe(m.user.username.toLowerCase());

    const [n] = await notificationsOf(m);
    expect(n).toMatchObject({ type: "system", meta: { text: DJ_MESSAGES.approvedNotice } });
    expect(publish).toHaveBeenCalledWith(
      USER_EVENTS.notification,
      expect.objectContaining({ type: "system", meta: { text: DJ_MESSAGES.approvedNotice } }),
      { room: userRoom(m.user.id) },
    );
    // The DJ now shows in the DJ list.
    const djs = await m.agent.get("/api/auth/getDjUsers");
    expect(djs.json().users.map((u: { id: string }) => u.id)).toContain(m.user.id);
  });

  it("approves only a pending application: approved or rejected ones answer 409, unchanged", async () => {
    const m = await member();
    const id = await applied(m);
    expect((await admin.agent.post("/api/auth/approveDj", { applicationId: id })).statusCode).toBe(
      200,
    );
    const before = ((await myApp(m)) as MyDjAppFound).radioPassword;
    const again = await admin.agent.post("/api/auth/approveDj", { applicationId: id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: DJ_MESSAGES.notPending });
    expect(((await myApp(m)) as MyDjAppFound).radioPassword).toBe(before);
    expect(await notificationsOf(m)).toHaveLength(1);

    const n = await member();
    const rejected = await buildDjApplication(t.ctx.db, n.user.id, { status: "rejected" });
    const res = await admin.agent.post("/api/auth/approveDj", { applicationId: rejected.id });
    expect(res.statusCode).toBe(409);
    expect((await userRow(n))?.isDj).toBe(false);
    expect(await countRows(t.ctx.db, djCredentials, eq(djCredentials.userId, n.user.id))).toBe(0);
  });

  it("decides two parallel approvals once", async () => {
    const m = await member();
    const id = await applied(m);
    const answers = await Promise.all([
      admin.agent.post("/api/auth/approveDj", { applicationId: id }),
      admin.agent.post("/api/auth/approveDj", { applicationId: id }),
      admin.agent.post("/api/auth/rejectDj", { applicationId: id }),
    ]);
    expect(answers.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    expect(answers.map((r) => r.statusCode).filter((s) => s === 409)).toHaveLength(2);
    expect(await countRows(t.ctx.db, notifications, eq(notifications.userId, m.user.id))).toBe(1);
  });

  it("answers 404 for an unknown application and 400 without an id", async () => {
    const missing = await admin.agent.post("/api/auth/approveDj", { applicationId: "nope" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: DJ_MESSAGES.applicationNotFound });
    const noId = await admin.agent.post("/api/auth/approveDj", {});
    expect(noId.statusCode).toBe(400);
    expect(noId.json()).toEqual({ message: DJ_MESSAGES.applicationNotFound });
  });

  it("is refused to a member (even the applicant) and a moderator with 403, changing nothing", async () => {
    const applicant = await member();
    const id = await applied(applicant);
    for (const m of [applicant, await member(), await member(buildModerator)]) {
      for (const path of ["/api/auth/approveDj", "/api/auth/rejectDj"]) {
        const res = await m.agent.post(path, { applicationId: id });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: DJ_MESSAGES.reviewForbidden });
      }
    }
    const [row] = await t.ctx.db.select().from(djApplications).where(eq(djApplications.id, id));
    expect(row?.status).toBe("pending");
    expect((await userRow(applicant))?.isDj).toBe(false);
    expect(
      await countRows(t.ctx.db, djCredentials, eq(djCredentials.userId, applicant.user.id)),
    ).toBe(0);
  });

  it("rolls back when the radio username is held by someone else's credentials", async () => {
    const m = await member();
    const holder = await member();
    await t.ctx.db.insert(djCredentials).values({
      userId: holder.user.id,
      radioUsername: m.user.username.toLowerCase(),
      radioPasswordEncrypted: "v1.x.y.z",
    });
    const id = await applied(m);
    const res = await admin.agent.post("/api/auth/approveDj", { applicationId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DJ_MESSAGES.radioUsernameTaken });
    expect((await myApp(m)) as MyDjAppFound).toMatchObject({ status: "pending" });
    expect((await userRow(m))?.isDj).toBe(false);
    expect(await notificationsOf(m)).toEqual([]);
  });
});

describe("POST /api/auth/rejectDj", () => {
  it("rejects a pending application and notifies the applicant; no DJ status, no credentials", async () => {
    const m = await member();
    const id = await applied(m);
    const res = await admin.agent.post("/api/auth/rejectDj", { applicationId: id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ applicationId: id, status: "rejected" });
    const [row] = await t.ctx.db.select().from(djApplications).where(eq(djApplications.id, id));
    expect(row).toMatchObject({ status: "rejected", decidedBy: admin.user.id });
    expect((await userRow(m))?.isDj).toBe(false);
    expect(await countRows(t.ctx.db, djCredentials, eq(djCredentials.userId, m.user.id))).toBe(0);
    const [n] = await notificationsOf(m);
    expect(n).toMatchObject({ type: "system", meta: { text: DJ_MESSAGES.rejectedNotice } });
  });

  it("rejects only a pending application", async () => {
    const dj = await approvedDj();
    const [app] = await t.ctx.db
      .select()
      .from(djApplications)
      .where(eq(djApplications.userId, dj.user.id));
    const res = await admin.agent.post("/api/auth/rejectDj", { applicationId: app?.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DJ_MESSAGES.notPending });
    expect(((await myApp(dj)) as MyDjAppFound).status).toBe("approved");
    expect((await userRow(dj))?.isDj).toBe(true);
  });
});
