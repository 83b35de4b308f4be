import { randomUUID } from "node:crypto";
import { comments, posts } from "../../src/features/posts/schema.ts";
import type { DbOrTx } from "../../src/platform/db/index.ts";

let tick = 0;

/** A post by `authorId` (on their own page unless `profileOwnerId`), created `ageMs` ago. */
export async function buildPost(
  db: DbOrTx,
  authorId: string,
  overrides: Partial<typeof posts.$inferInsert> & { ageMs?: number } = {},
) {
  const { ageMs = 0, ...values } = overrides;
  const [row] = await db
    .insert(posts)
    .values({
      id: randomUUID(),
      authorId,
      profileOwnerId: authorId,
      text: `A post about the Friday set #${++tick}`,
      createdAt: new Date(Date.now() - ageMs),
      ...values,
    })
    .returning();
  if (!row) throw new Error("post insert returned no row");
  return row;
}

export async function buildComment(
  db: DbOrTx,
  postId: string,
  authorId: string,
  content = "Big tune!",
) {
  const [row] = await db
    .insert(comments)
    .values({ id: randomUUID(), postId, authorId, content })
    .returning();
  if (!row) throw new Error("comment insert returned no row");
  return row;
}
