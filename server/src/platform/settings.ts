import { eq } from "drizzle-orm";
import type { DbOrTx } from "./db/index.ts";
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
