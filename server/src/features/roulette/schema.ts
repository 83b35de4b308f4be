import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/**
 * Roulette rounds (chat spec 4, 9; decisions "Points, votes and games"): one current round for the
 * room (waiting, betting, spinning or finished; the unique index allows one), its commitment, its
 * secret seed (never sent before the result), its number and its due times. Rounds never leave
 * memory-only: a restart or another instance finds the round and what is due in here. A status only
 * moves forward, each move one conditional update, so nothing happens twice:
 * waiting → betting → spinning → finished → closed (a new round is current). (`refunded`: rounds of
 * earlier versions cut off by a restart; a late round now spins and settles by its number.)
 */
export const rouletteRounds = pgTable(
  "roulette_rounds",
  {
    id: text("id").primaryKey(),
    status: text("status").notNull(),
    /** Hex SHA-256 of `seed`: published from the start. */
    seedHash: text("seed_hash").notNull(),
    /** 32 random bytes, hex: secret until the result. */
    seed: text("seed").notNull(),
    /** numberFromSeed(seed): set when the wheel spins. */
    number: smallint("number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Set when the first member joins: betting closes then. */
    bettingEndsAt: timestamp("betting_ends_at", { withTimezone: true }),
    /** When the spin ends and the round settles. */
    resultAt: timestamp("result_at", { withTimezone: true }),
    /** When a finished round makes way for a new one. */
    resetAt: timestamp("reset_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The house's net for the round: stakes collected minus paid back (refunded: 0). */
    houseNet: integer("house_net"),
  },
  (t) => [
    uniqueIndex("roulette_rounds_one_current_idx")
      .on(sql`(true)`)
      .where(sql`${t.status} in ('waiting', 'betting', 'spinning', 'finished')`),
    index("roulette_rounds_finished_idx")
      .on(t.finishedAt)
      .where(sql`${t.status} in ('finished', 'closed')`),
    check(
      "roulette_rounds_status_check",
      sql`${t.status} in ('waiting', 'betting', 'spinning', 'finished', 'closed', 'refunded')`,
    ),
    check("roulette_rounds_number_check", sql`${t.number} between 0 and 36`),
  ],
);

/**
 * A member's bets in a round (chat spec 3: type, value, amount), one row per position; written
 * once, when the member joins the round (their stake taken in the same transaction).
 */
export const rouletteBets = pgTable(
  "roulette_bets",
  {
    id: text("id").primaryKey(),
    roundId: text("round_id")
      .notNull()
      .references(() => rouletteRounds.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** ROULETTE_BET_TYPES. */
    type: text("type").notNull(),
    /** The position: a number or a name, as text ("17", "red", "1-18"). */
    value: text("value").notNull(),
    amount: integer("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("roulette_bets_position_idx").on(t.roundId, t.userId, t.type, t.value),
    index("roulette_bets_user_idx").on(t.userId),
    check("roulette_bets_amount_check", sql`${t.amount} > 0`),
  ],
);
