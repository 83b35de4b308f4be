import { MP3_ROUTES, routePath } from "@airwave/contracts";
import { buildTrack } from "../factories/mp3.ts";
import { buildUser } from "../factories.ts";
import type { AdminCall } from "./types.ts";

/** The MP3 library's Admin-only call (issue 18, "On air") for the authorization matrix. */
export const mp3RotationCalls: AdminCall[] = [
  {
    name: "put a library track into the Auto DJ's rotation",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db);
      const track = await buildTrack(t.ctx, user.id);
      return {
        method: "PUT",
        url: routePath(MP3_ROUTES.rotation.path, { id: track.id }),
        body: { inRotation: true },
      };
    },
  },
];
