import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/**
 * Coin flip offers (chat spec 3, 9; decisions "Points, votes and games"): the offer, its state and
 * its timers live here, never only in an instance's memory, so a restart or another instance
 * settles what is due. `id` is also the id of the offer's chat message. A state only moves forward
 * (open → accepted → settled, or open → expired), each move one conditional update in the
 * transaction that moves the stakes, so no move happens twice.
 */
export const coinflipOffers = pgTable(
  "coinflip_offers",
  {
    id: text("id").primaryKey(),
    initiatorId: text("initiator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    opponentId: text("opponent_id").references(() => users.id, { onDelete: "cascade" }),
    /** COIN_FACES: the initiator's face. */
    pick: text("pick").notNull(),
    wager: integer("wager").notNull(),
    /** COINFLIP_STATES. */
    state: text("state").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** When an open offer expires (its stake returned). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When an accepted offer is drawn and settled. */
    startAt: timestamp("start_at", { withTimezone: true }),
    face: text("face"),
    winnerId: text("winner_id").references(() => users.id, { onDelete: "set null" }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("coinflip_offers_created_idx").on(t.createdAt),
    // The due work: open offers by expiry, accepted ones by start (the sweep and the wake-up).
    index("coinflip_offers_open_due_idx").on(t.expiresAt).where(sql`${t.state} = 'open'`),
    index("coinflip_offers_accepted_due_idx").on(t.startAt).where(sql`${t.state} = 'accepted'`),
    index("coinflip_offers_initiator_active_idx")
      .on(t.initiatorId)
      .where(sql`${t.state} in ('open', 'accepted')`),
    index("coinflip_offers_opponent_active_idx")
      .on(t.opponentId)
      .where(sql`${t.state} in ('open', 'accepted')`),
    check(
      "coinflip_offers_state_check",
      sql`${t.state} in ('open', 'accepted', 'expired', 'settled')`,
    ),
    check("coinflip_offers_pick_check", sql`${t.pick} in ('heads', 'tails')`),
    check("coinflip_offers_wager_check", sql`${t.wager} > 0`),
    check("coinflip_offers_not_self_check", sql`${t.initiatorId} <> ${t.opponentId}`),
  ],
);
