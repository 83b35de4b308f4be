import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { battleshipsGames } from "./schema.ts";

/** The test seam's path: a game's fleets as the server holds them. */
export const BATTLESHIPS_FLEETS_SEAM = "/api/test-seams/battleships/:gameId/fleets";

/**
 * TEST-ONLY (registered only with TEST_SEAMS=on, which the browser tests set and production never
 * does; see `src/test-seams.ts`): a game's fleets by player id, so a browser test can aim at the
 * ships instead of guessing. A production app has no such route (404).
 */
export function battleshipsFleetsSeam(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { gameId: string } }>(BATTLESHIPS_FLEETS_SEAM, async (req, reply) => {
    const [game] = await ctx.db
      .select()
      .from(battleshipsGames)
      .where(eq(battleshipsGames.id, req.params.gameId));
    if (!game?.opponentId) return reply.code(404).send({ message: "No such game in play." });
    return {
      [game.initiatorId]: game.initiatorFleet ?? [],
      [game.opponentId]: game.opponentFleet ?? [],
    };
  });
}
