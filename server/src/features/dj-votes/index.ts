import type { Feature } from "../../platform/feature.ts";
import { djVotesChat } from "./chat.ts";
import { djVotesRoutes } from "./routes.ts";
import { djVotes } from "./schema.ts";

/**
 * DJ votes: 2 a month per member for DJs, never oneself, closed in the month-end freeze; the Top DJ
 * of the Month carried by members in the room. A deleted account's votes, cast or received, go with
 * it (ON DELETE CASCADE).
 */
export const djVotesFeature: Feature = {
  name: "dj-votes",
  routes: djVotesRoutes,
  chat: djVotesChat,
  deleteAccount: { tables: [djVotes] },
};
