import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { ChatRoom } from "./chat-room/index.ts";
import type { AppContext } from "./context.ts";
import type { Tx } from "./db/index.ts";
import type { AfterCommit } from "./db/transaction.ts";
import type { JobDefinition } from "./jobs/index.ts";
import type { ServiceKey } from "./services.ts";

/**
 * A feature's manifest (`features/<name>/index.ts`): what the composition root (`src/app.ts`) and
 * the platform's hosts need from it. A new feature is one manifest plus one line in
 * `features/index.ts`; nothing central names its routes or tables.
 */
export interface Feature {
  name: string;
  /** Registers the feature's HTTP routes. */
  routes?: (app: FastifyInstance, ctx: AppContext) => void;
  /**
   * Registers its chat-room handlers and hooks (`room.handle(event, schema, handler)`, `onJoin`...),
   * once per app, before the room opens.
   */
  chat?: (room: ChatRoom, ctx: AppContext) => void;
  /** What deleting a member's account does to the feature's tables (docs/features.md, "Deleting an account"). */
  deleteAccount?: AccountDeletionStep;
  /** Its background jobs (`defineJob`), run by the platform's job runner. */
  jobs?: readonly JobDefinition[];
  /**
   * Its per-app services (`defineService`): built once per app by the composition root, read with
   * `ctx.services.get(key)`, started on the app's ready and stopped on its close.
   */
  services?: readonly ServiceKey<object>[];
  /**
   * Runs inside the transaction that bans accounts (an Admin's ban and the chat room's), after the
   * members' ban columns are set: what a ban ends in the feature (e.g. streaming credentials).
   */
  onAccountsBanned?: (ctx: AppContext, tx: Tx, userIds: readonly string[]) => Promise<void>;
}

/** Every feature's `onAccountsBanned`, in the feature list's order (the ban's transaction). */
export async function runAccountBanHooks(
  ctx: AppContext,
  tx: Tx,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  for (const feature of ctx.features) await feature.onAccountsBanned?.(ctx, tx, userIds);
}

/** One account deletion as the steps see it; a fresh one for each attempt of the transaction. */
export interface AccountDeletion {
  userId: string;
  /** Storage keys of files to remove once the transaction has committed; steps add theirs. */
  files: string[];
  /** Queues work for once the deletion has committed (e.g. tell open pages). */
  afterCommit: AfterCommit;
  /**
   * Queues work for after the member's row and its cascades are gone, still in the transaction
   * (e.g. recounting what stays).
   */
  afterRowDeleted(work: () => Promise<void>): void;
}

/**
 * A feature's part of an account deletion. The steps run in the feature list's order, inside the
 * deletion's one transaction, after the member's row is locked and before it is deleted; the
 * schema's ON DELETE rules then do the rest.
 */
export interface AccountDeletionStep {
  /**
   * The feature's tables that reference users, each handled here or by its ON DELETE rule: a test
   * fails when a table with a foreign key to users is claimed by no feature.
   */
  tables: readonly PgTable[];
  /** In the transaction, before the member's row is deleted. */
  inTransaction?: (ctx: AppContext, tx: Tx, deletion: AccountDeletion) => Promise<void>;
}
