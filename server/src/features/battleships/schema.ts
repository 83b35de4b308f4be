import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/** A ship as the server keeps it: its id in the fleet, its length and the cells it covers. */
export interface StoredShip {
  id: number;
  length: number;
  cells: [number, number][];
}

/**
 * Battleships games (chat spec 3, 9; decisions "Points, votes and games"): the offer, the game in
 * play and its timers live here, never only in an instance's memory. The fleets are stored here
 * and never sent whole to a client. A state only moves forward (open → active → finished, or
 * open → expired), each move one conditional update in the transaction that moves the stakes; a
 * shot is conditional on the game being active with the shooter's turn, so no move happens twice.
 * `id` is also the id of the offer's chat message.
 */
export const battleshipsGames = pgTable(
  "battleships_games",
  {
    id: text("id").primaryKey(),
    initiatorId: text("initiator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    opponentId: text("opponent_id").references(() => users.id, { onDelete: "cascade" }),
    wager: integer("wager").notNull(),
    /** BATTLESHIPS_STATES. */
    state: text("state").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** When an open offer expires (its stake returned). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    /** Whose turn it is while active. */
    turnId: text("turn_id"),
    /** How many shots were taken (each shot moves it by one, with the turn). */
    shots: integer("shots").notNull().default(0),
    initiatorFleet: jsonb("initiator_fleet").$type<StoredShip[]>(),
    opponentFleet: jsonb("opponent_fleet").$type<StoredShip[]>(),
    /** Since when a player's chat connections are all gone during the game (null: present). */
    initiatorAwaySince: timestamp("initiator_away_since", { withTimezone: true }),
    opponentAwaySince: timestamp("opponent_away_since", { withTimezone: true }),
    winnerId: text("winner_id").references(() => users.id, { onDelete: "set null" }),
    /** BattleshipsEnd: sunk, disconnect or cancelled. */
    endReason: text("end_reason"),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("battleships_games_created_idx").on(t.createdAt),
    index("battleships_games_open_due_idx").on(t.expiresAt).where(sql`${t.state} = 'open'`),
    index("battleships_games_initiator_active_idx")
      .on(t.initiatorId)
      .where(sql`${t.state} in ('open', 'active')`),
    index("battleships_games_opponent_active_idx")
      .on(t.opponentId)
      .where(sql`${t.state} in ('open', 'active')`),
    check(
      "battleships_games_state_check",
      sql`${t.state} in ('open', 'active', 'finished', 'expired')`,
    ),
    check("battleships_games_wager_check", sql`${t.wager} > 0`),
    check("battleships_games_not_self_check", sql`${t.initiatorId} <> ${t.opponentId}`),
  ],
);

/**
 * Every shot of a game, in order (`seq`, the game's shot count before it). One cell is shot once per
 * shooter (the primary key), and one shot per turn (`seq` unique per game).
 */
export const battleshipsShots = pgTable(
  "battleships_shots",
  {
    gameId: text("game_id")
      .notNull()
      .references(() => battleshipsGames.id, { onDelete: "cascade" }),
    shooterId: text("shooter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    col: integer("col").notNull(),
    seq: integer("seq").notNull(),
    hit: integer("hit").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.shooterId, t.row, t.col] }),
    index("battleships_shots_game_seq_idx").on(t.gameId, t.seq),
    check(
      "battleships_shots_cell_check",
      sql`${t.row} between 0 and 7 and ${t.col} between 0 and 7`,
    ),
  ],
);
