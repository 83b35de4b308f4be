import { DJ_APPLICATION_STATUSES } from "@airwave/contracts";
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/** DJ applications (spec: DJ application). status pending | approved | rejected. */
export const djApplications = pgTable(
  "dj_applications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: DJ_APPLICATION_STATUSES }).notNull().default("pending"),
    experience: text("experience").notNull(),
    equipment: text("equipment").notNull(),
    availability: text("availability").notNull(),
    genres: text("genres").array().notNull(),
    mixcloud: text("mixcloud").notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // One open application per member, even under concurrent submissions.
    uniqueIndex("dj_applications_one_pending_idx").on(t.userId).where(sql`${t.status} = 'pending'`),
    index("dj_applications_user_submitted_idx").on(t.userId, t.submittedAt),
    index("dj_applications_submitted_idx").on(t.submittedAt),
  ],
);

/** Streaming credentials of an approved DJ; the password is encrypted at rest with the secret key. */
export const djCredentials = pgTable("dj_credentials", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  radioUsername: text("radio_username").notNull().unique(),
  radioPasswordEncrypted: text("radio_password_encrypted").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
