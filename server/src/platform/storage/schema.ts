import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../identity/users.schema.ts";

/** Metadata of stored files; the bytes live in the storage backend under `key`. */
export const uploads = pgTable(
  "uploads",
  {
    key: text("key").primaryKey(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("uploads_owner_idx").on(t.ownerId),
    // The hourly sweep of old temporary images (features/uploads/temp-sweep.ts).
    index("uploads_kind_created_idx").on(t.kind, t.createdAt),
  ],
);
