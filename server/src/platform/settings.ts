import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "./db/index.ts";
import { settings } from "./settings.schema.ts";

export async function getSetting<T>(db: DbOrTx, key: string, fallback: T): Promise<T> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  return rows[0] ? (rows[0].value as T) : fallback;
}

export async function setSetting<T>(db: DbOrTx, key: string, value: T): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/**
 * Changes the setting `key` with `change` (null: leave it) in one transaction holding its row, and
 * answers the value before and after, or null when nothing changed. Two instances changing it at
 * once cannot both make the same change: the second waits for the row, then sees the first's value.
 */
export async function changeSetting<T>(
  db: Db,
  key: string,
  fallback: T,
  change: (value: T) => T | null,
): Promise<{ before: T; after: T } | null> {
  return db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key, value: fallback, updatedAt: new Date() })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, key))
      .for("update");
    const before = (row ? row.value : fallback) as T;
    const after = change(before);
    if (after === null) return null;
    await tx
      .update(settings)
      .set({ value: after, updatedAt: new Date() })
      .where(eq(settings.key, key));
    return { before, after };
  });
}
