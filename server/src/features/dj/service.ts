import { randomUUID } from "node:crypto";
import {
  type AdminDjApplicationView,
  type ApplyDjValues,
  DJ_LIMITS,
  DJ_MESSAGES,
  type DjApplicationView,
  type MyDjAppAnswer,
} from "@airwave/contracts";
import { and, desc, eq, inArray } from "drizzle-orm";
import { authorize } from "../../platform/authorize.ts";
import type { AppContext } from "../../platform/context.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import { notify } from "../notifications/service.ts";
import { type UserRow, users } from "../users/schema.ts";
import { ensureCredentials, readCredentials } from "./credentials.ts";
import { djPolicy } from "./policy.ts";
import { presentAdminApplication, presentApplication, streamingDetails } from "./present.ts";
import { djApplications } from "./schema.ts";

/**
 * POST /applyDj. One pending application per member: the partial unique index decides between
 * concurrent submissions (the loser inserts nothing and gets the same 409 as a later one).
 */
export async function applyDj(
  ctx: AppContext,
  actor: UserRow,
  input: ApplyDjValues,
): Promise<DjApplicationView> {
  const open = await ctx.db
    .select({ status: djApplications.status })
    .from(djApplications)
    .where(
      and(
        eq(djApplications.userId, actor.id),
        inArray(djApplications.status, ["pending", "approved"]),
      ),
    );
  authorize(djPolicy, "apply", actor, {
    hasPending: open.some((a) => a.status === "pending"),
    hasApproved: open.some((a) => a.status === "approved"),
  });

  const [created] = await ctx.db
    .insert(djApplications)
    .values({
      id: randomUUID(),
      userId: actor.id,
      status: "pending",
      experience: input.experience,
      equipment: input.equipment,
      availability: input.availability,
      genres: input.genres,
      mixcloud: input.mixcloud,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw conflict(DJ_MESSAGES.alreadyPending);
  return presentApplication(created);
}

/**
 * GET /myDjApp: the actor's latest application; its radio username and password only once it is
 * approved; the streaming server's connection details always.
 */
export async function myDjApp(ctx: AppContext, actor: UserRow): Promise<MyDjAppAnswer> {
  const streaming = streamingDetails(ctx.config);
  const [latest] = await ctx.db
    .select()
    .from(djApplications)
    .where(eq(djApplications.userId, actor.id))
    .orderBy(desc(djApplications.submittedAt), desc(djApplications.id))
    .limit(1);
  if (!latest) return { status: null, streaming };
  const view = presentApplication(latest);
  if (view.status !== "approved") return { ...view, streaming };
  const credentials = await readCredentials(ctx, actor.id);
  if (!credentials) return { ...view, streaming };
  return {
    ...view,
    radioUsername: credentials.radioUsername,
    ...(credentials.radioPassword === null ? {} : { radioPassword: credentials.radioPassword }),
    streaming,
  };
}

/** GET /getDjApplications (admin): every application with its applicant, newest first. */
export async function listDjApplications(
  ctx: AppContext,
  actor: UserRow,
): Promise<AdminDjApplicationView[]> {
  authorize(djPolicy, "list", actor);
  const rows = await ctx.db
    .select({
      application: djApplications,
      applicant: { id: users.id, username: users.username, profileimage: users.profileimage },
    })
    .from(djApplications)
    .innerJoin(users, eq(users.id, djApplications.userId))
    .orderBy(desc(djApplications.submittedAt), desc(djApplications.id))
    .limit(DJ_LIMITS.applicationsListMax);
  return rows.map((r) => presentAdminApplication(r.application, r.applicant));
}

type Decision = "approved" | "rejected";

/**
 * POST /approveDj and /rejectDj (admin), in one transaction with the application row locked: the
 * status and who decided; on approval the member's DJ status and streaming credentials (kept when
 * they exist from an earlier approval). The applicant gets a system notification once committed.
 */
async function decide(
  ctx: AppContext,
  actor: UserRow,
  applicationId: string,
  decision: Decision,
): Promise<AdminDjApplicationView> {
  // A member learns nothing about applications: the admin check comes before "not found".
  authorize(djPolicy, "list", actor);
  return transaction(ctx, async (tx, afterCommit) => {
    const [row] = await tx
      .select()
      .from(djApplications)
      .where(eq(djApplications.id, applicationId))
      .for("update");
    if (!row) throw notFound(DJ_MESSAGES.applicationNotFound);
    authorize(djPolicy, "decide", actor, row);

    const [updated] = await tx
      .update(djApplications)
      .set({ status: decision, decidedAt: new Date(), decidedBy: actor.id })
      .where(and(eq(djApplications.id, row.id), eq(djApplications.status, "pending")))
      .returning();
    if (!updated) throw conflict(DJ_MESSAGES.notPending);

    let applicant: Pick<UserRow, "id" | "username" | "profileimage"> | undefined;
    if (decision === "approved") {
      [applicant] = await tx
        .update(users)
        .set({ isDj: true })
        .where(eq(users.id, row.userId))
        .returning({ id: users.id, username: users.username, profileimage: users.profileimage });
      if (!applicant) throw notFound(DJ_MESSAGES.applicationNotFound);
      if (!(await ensureCredentials(ctx, tx, applicant))) {
        throw conflict(DJ_MESSAGES.radioUsernameTaken);
      }
    } else {
      [applicant] = await tx
        .select({ id: users.id, username: users.username, profileimage: users.profileimage })
        .from(users)
        .where(eq(users.id, row.userId));
      if (!applicant) throw notFound(DJ_MESSAGES.applicationNotFound);
    }

    const text = decision === "approved" ? DJ_MESSAGES.approvedNotice : DJ_MESSAGES.rejectedNotice;
    await notify(ctx, { userId: row.userId, type: "system", meta: { text } }, { tx, afterCommit });
    return presentAdminApplication(updated, applicant);
  });
}

export const approveDj = (ctx: AppContext, actor: UserRow, input: { applicationId: string }) =>
  decide(ctx, actor, input.applicationId, "approved");

export const rejectDj = (ctx: AppContext, actor: UserRow, input: { applicationId: string }) =>
  decide(ctx, actor, input.applicationId, "rejected");
