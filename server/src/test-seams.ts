import type { FastifyInstance } from "fastify";
import { battleshipsFleetsSeam } from "./features/battleships/test-seam.ts";
import { clockSeam } from "./platform/clock-seam.ts";
import type { AppContext } from "./platform/context.ts";

/**
 * TEST-ONLY routes, for the browser tests (e2e/support/global-setup.ts sets TEST_SEAMS=on): each
 * shows the tests something the app never tells a client (a game's hidden fleets) or moves what no
 * client may move (the app's clock). The composition root registers them only when the config says
 * TEST_SEAMS=on; production leaves it off (the default), and then none of these routes exists. The
 * compiled server (scripts/build-server.mjs: the image, the systemd unit, `start:production`) is
 * built with `test-seams.off.ts` in place of this file: there they cannot be turned on at all.
 */
export const TEST_SEAMS: readonly ((app: FastifyInstance, ctx: AppContext) => void)[] = [
  battleshipsFleetsSeam,
  clockSeam,
];
