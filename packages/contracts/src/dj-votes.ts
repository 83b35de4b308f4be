import { z } from "zod";
import type { ChatServerEvent } from "./chat-events.ts";

/**
 * DJ votes (decisions "Points, votes and games"; chat spec 1, 5, 8, 9; community spec 7): every
 * member has 2 votes a station month for members with `isDj`, never for themselves, closed during
 * the month-end freeze (`pointsPeriod(...).frozen`). The Top DJ of the Month is the DJ with the most
 * votes of the month (voting closes on the 25th, so from then on it is the month's final answer).
 */

export const DJ_VOTE_LIMITS = {
  /** Decisions, chat spec 9: 2 votes per member per month. */
  votesPerMonth: 2,
  /** The longest DJ name a vote carries (a username is far shorter; longer is no DJ). */
  djNameMax: 100,
} as const;

export const DJ_VOTE_MESSAGES = {
  // Chat spec 8: the client's title and its text when the server says nothing.
  voteFailedTitle: "Vote Failed",
  voteFailedFallback: "An error occurred while submitting your vote",
  // This project's additions (the spec leaves the server's messages unnamed); the freeze's follows
  // the coin flip's 'closed until the 1st of next month' (chat spec 8, decisions "Freeze").
  votingClosed: "DJ voting is closed until the 1st of next month.",
  noVotesLeft: `You have used your ${DJ_VOTE_LIMITS.votesPerMonth} votes this month.`,
  notYourself: "You cannot vote for yourself.",
  notADj: "Only DJs can be voted for.",
  djNameRequired: "Choose a DJ to vote for",
  voted: "Vote submitted",
} as const;

/** POST /voteDj (community spec 7: djName, the DJ's username). */
export const voteDjSchema = z.object({
  djName: z
    .string(DJ_VOTE_MESSAGES.djNameRequired)
    .trim()
    .min(1, DJ_VOTE_MESSAGES.djNameRequired)
    .max(DJ_VOTE_LIMITS.djNameMax, DJ_VOTE_MESSAGES.notADj),
});
export type VoteDjValues = z.input<typeof voteDjSchema>;

/** The answer to a vote: status 200 is success (chat spec 7); the votes the member has left. */
export const voteDjAnswerSchema = z.object({
  message: z.string(),
  votesLeft: z.number().int().min(0),
});
export type VoteDjAnswer = z.infer<typeof voteDjAnswerSchema>;

/**
 * A DJ vote entry (chat spec 5: dj, votes (list), profileimage): the DJ's name and picture and the
 * ids of this month's voters, one per vote.
 */
export const djVoteEntrySchema = z.object({
  dj: z.string(),
  djId: z.string(),
  votes: z.array(z.string()),
  profileimage: z.string(),
});
export type DjVoteEntry = z.infer<typeof djVoteEntrySchema>;

/** GET /djVotes (community spec 7, chat spec 7: an array of dj and votes): every DJ, most votes first. */
export const djVotesAnswerSchema = z.array(djVoteEntrySchema);
export type DjVotesAnswer = z.infer<typeof djVotesAnswerSchema>;

/**
 * The Top DJ of the Month (chat spec 7: "top DJ lookup"; chat spec 2: the month-end banner): the
 * DJ with the most votes of this station month, or null while nobody has a vote.
 */
export const topDjSchema = z.object({
  dj: z.string(),
  djId: z.string(),
  profileimage: z.string(),
  votes: z.number().int().positive(),
});
export type TopDj = z.infer<typeof topDjSchema>;
/** Wrapped in an object: a bare JSON `null` body reads as no answer on some clients. */
export const topDjAnswerSchema = z.object({ topDj: topDjSchema.nullable() });
export type TopDjAnswer = z.infer<typeof topDjAnswerSchema>;

export const DJ_VOTES_API = {
  djVotes: "/api/auth/djVotes",
  voteDj: "/api/auth/voteDj",
  topDj: "/api/auth/djVotes/top",
} as const;

/** The chat room's DJ votes dialog (chat spec 2, 8, 9); the spec's texts exactly where it has them. */
export const DJ_VOTES_UI_TEXTS = {
  open: "DJ votes",
  title: "DJ Votes",
  close: "Close",
  loading: "Loading DJs…",
  loadFailed: "Could not load the DJs.",
  /** Chat spec 8. */
  noDjs: "No DJs found.",
  vote: "Vote",
  voteFor: (dj: string) => `Vote for ${dj}`,
  you: "You",
  votes: (n: number) => (n === 1 ? "1 vote" : `${n.toLocaleString("en-GB")} votes`),
  votesLeft: (n: number) => `${n} of ${DJ_VOTE_LIMITS.votesPerMonth} votes left this month`,
  closedUntil: (left: string) => `Voting reopens on the 1st, in ${left}.`,
} as const;

/**
 * A vote was cast (this project's event; the spec names none for it): sent to the whole chat room
 * so an open DJ votes dialog and the Top DJ banner read the counts again. Votes are few (2 a member
 * a month), so this costs the room little.
 */
export const DJ_VOTES_SERVER_EVENTS = { changed: "djvotes-changed" } as const satisfies Record<
  string,
  ChatServerEvent
>;

export interface DjVotesChangedEvent {
  /** The station month the vote counts in, `YYYY-MM`. */
  month: string;
}

declare module "./chat-events.ts" {
  interface ChatServerEventPayloads {
    "djvotes-changed": DjVotesChangedEvent;
  }
}
