import { randomUUID } from "node:crypto";
import { gifs } from "../../src/features/gifs/schema.ts";
import type { DbOrTx } from "../../src/platform/db/index.ts";

/** A GIF of the station's own library, created `ageMs` ago (`file`: a storage key or a URL). */
export async function buildLibraryGif(
  db: DbOrTx,
  overrides: Partial<typeof gifs.$inferInsert> & { ageMs?: number } = {},
) {
  const { ageMs = 0, ...values } = overrides;
  const id = randomUUID();
  const [row] = await db
    .insert(gifs)
    .values({
      id,
      name: `Station GIF ${id.slice(0, 4)}`,
      file: `gifs/${id}.gif`,
      createdAt: new Date(Date.now() - ageMs),
      ...values,
    })
    .returning();
  if (!row) throw new Error("gif insert returned no row");
  return row;
}
