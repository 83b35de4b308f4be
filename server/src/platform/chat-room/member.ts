import type { ChatUser, NameTagStyling } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { users } from "../identity/users.schema.ts";

/** The room's view of a member, read fresh from the database when they join; null if they are gone. */
export async function loadChatMember(
  db: Db,
  userId: string,
  connectionId: string,
): Promise<ChatUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return null;
  return {
    _id: row.id,
    username: row.username,
    profileimage: row.profileimage,
    socketid: connectionId,
    role: row.role,
    isDj: row.isDj,
    isTopUser: false,
    isTopDJ: false,
    points: 0,
    nameTagStyling: (row.nameTagStyling as NameTagStyling | null) ?? null,
  };
}
