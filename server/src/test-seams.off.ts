import type { FastifyInstance } from "fastify";
import type { AppContext } from "./platform/context.ts";

/**
 * The compiled server's test seams: none (scripts/build-server.mjs puts this file in place of
 * `test-seams.ts`, so the production form holds no test-only route whatever TEST_SEAMS says).
 */
export const TEST_SEAMS: readonly ((app: FastifyInstance, ctx: AppContext) => void)[] = [];
