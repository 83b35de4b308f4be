import { ADMIN_API, GIF_ADMIN_API, RADIO_PATHS } from "@airwave/contracts";
import { buildDjApplication } from "../factories/dj.ts";
import { buildLibraryGif } from "../factories/gifs.ts";
import { buildUser } from "../factories.ts";
import { animatedGif } from "../images.ts";
import type { AdminCall } from "./types.ts";

/**
 * The dashboard's first-slice calls: registration, chat, GIFs, themes, radio, tickets, DJ apps,
 * schedule wipe. Replying to or closing another member's ticket is a member call an Admin may also
 * make (a member gets 404 there, not 403: tested in the tickets feature).
 */
export const firstSliceCalls: AdminCall[] = [
  {
    name: "switch registration",
    prepare: async () => ({
      method: "POST",
      url: ADMIN_API.registrationStatus,
      body: { enabled: true },
    }),
  },
  { name: "chat stats", prepare: async () => ({ method: "GET", url: ADMIN_API.chatStats }) },
  { name: "wipe chat", prepare: async () => ({ method: "POST", url: ADMIN_API.chatClear }) },
  {
    name: "save theme settings",
    prepare: async () => ({
      method: "POST",
      url: ADMIN_API.themeSettings,
      body: { bonfire: { fireworksEnabled: true } },
    }),
  },
  {
    name: "upload a GIF",
    prepare: async () => ({
      method: "POST",
      url: GIF_ADMIN_API.upload,
      form: {
        name: "Matrix GIF",
        file: { filename: "m.gif", contentType: "image/gif", data: await animatedGif() },
      },
    }),
  },
  {
    name: "delete a GIF",
    prepare: async (t) => {
      const gif = await buildLibraryGif(t.ctx.db);
      return { method: "POST", url: GIF_ADMIN_API.delete, body: { gifId: gif.id } };
    },
  },
  {
    name: "radio station view",
    prepare: async () => ({ method: "GET", url: RADIO_PATHS.station }),
  },
  { name: "all tickets", prepare: async () => ({ method: "GET", url: "/api/auth/getAllTickets" }) },
  {
    name: "DJ applications",
    prepare: async () => ({ method: "GET", url: ADMIN_API.djApplications }),
  },
  {
    name: "approve a DJ application",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db);
      const app = await buildDjApplication(t.ctx.db, user.id);
      return { method: "POST", url: ADMIN_API.approveDj, body: { applicationId: app.id } };
    },
  },
  {
    name: "reject a DJ application",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db);
      const app = await buildDjApplication(t.ctx.db, user.id);
      return { method: "POST", url: ADMIN_API.rejectDj, body: { applicationId: app.id } };
    },
  },
  { name: "wipe the schedule", prepare: async () => ({ method: "POST", url: "/api/auth/wipe" }) },
];
