import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/** The station's own GIF library (spec: Internal GIF gifid, file, name); the file lives in storage. */
export const gifs = pgTable(
  "gifs",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    file: text("file").notNull(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("gifs_created_idx").on(t.createdAt)],
);
