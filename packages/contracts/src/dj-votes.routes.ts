import {
  DJ_VOTES_API,
  djVotesAnswerSchema,
  topDjAnswerSchema,
  voteDjAnswerSchema,
  voteDjSchema,
} from "./dj-votes.ts";
import { defineRoutes } from "./route.ts";

/** DJ votes (community spec 7: GET /djVotes, POST /voteDj; chat spec 7: the top DJ lookup). */
export const DJ_VOTES_ROUTES = /* @__PURE__ */ defineRoutes("dj-votes", {
  list: {
    method: "GET",
    path: DJ_VOTES_API.djVotes,
    access: "member",
    summary: "Every DJ with this month's votes, most votes first",
    response: djVotesAnswerSchema,
  },
  top: {
    method: "GET",
    path: DJ_VOTES_API.topDj,
    access: "member",
    summary: "This month's Top DJ (the most votes), or null while nobody has a vote",
    response: topDjAnswerSchema,
  },
  vote: {
    method: "POST",
    path: DJ_VOTES_API.voteDj,
    access: "member",
    summary: "Vote for a DJ (2 votes a month, never oneself, closed from the 25th)",
    body: voteDjSchema,
    response: voteDjAnswerSchema,
  },
});
