import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import { getSetting, setSetting } from "../../platform/settings.ts";
import { djCredentials } from "../dj/schema.ts";
import { users } from "../users/schema.ts";
import type { LiveState } from "./adapter.ts";

/**
 * Who is live on the station, as Liquidsoap's `djon` and `djoff` said. Kept in the database so that
 * every app instance shows the same DJ (ARCHITECTURE: no state in one process's memory).
 */
const LIVE_KEY = "radio.live";

export async function readLiveState(ctx: AppContext): Promise<LiveState | null> {
  const value = await getSetting<Partial<LiveState>>(ctx.db, LIVE_KEY, {});
  if (typeof value.streamerName !== "string" || !value.streamerName) return null;
  return {
    userId: typeof value.userId === "string" ? value.userId : null,
    streamerName: value.streamerName,
    broadcastStart: Number(value.broadcastStart) || 0,
  };
}

/** The member behind a radio username (any case), or null. */
async function djByRadioUsername(ctx: AppContext, radioUsername: string) {
  const [row] = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(djCredentials)
    .innerJoin(users, eq(users.id, djCredentials.userId))
    .where(eq(djCredentials.radioUsername, radioUsername.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/**
 * Records the DJ who just connected and when (djon). The name shown is the member's username; a
 * name the app does not know (a station account made elsewhere) is shown as given. A repeated djon
 * for the DJ already live keeps the broadcast start.
 */
export async function recordDjOn(
  ctx: AppContext,
  radioUsername: string,
  now: number,
): Promise<LiveState | null> {
  const name = radioUsername.trim();
  if (!name) return null;
  const dj = await djByRadioUsername(ctx, name);
  const current = await readLiveState(ctx);
  const streamerName = dj?.username ?? name;
  if (current && current.streamerName === streamerName) return current;
  const state: LiveState = { userId: dj?.id ?? null, streamerName, broadcastStart: now };
  await setSetting(ctx.db, LIVE_KEY, state);
  return state;
}

/** Nobody is live any more (djoff). Idempotent: Shoutcast-protocol clients cause two calls. */
export async function recordDjOff(ctx: AppContext): Promise<void> {
  if ((await readLiveState(ctx)) === null) return;
  await setSetting(ctx.db, LIVE_KEY, {});
}
