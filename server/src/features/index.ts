import type { Feature } from "../platform/feature.ts";
import { adminFeature } from "./admin/index.ts";
import { authFeature } from "./auth/index.ts";
import { battleshipsFeature } from "./battleships/index.ts";
import { camsFeature } from "./cams/index.ts";
import { chatFeature } from "./chat/index.ts";
import { coinflipFeature } from "./coinflip/index.ts";
import { djFeature } from "./dj/index.ts";
import { djVotesFeature } from "./dj-votes/index.ts";
import { effectsFeature } from "./effects/index.ts";
import { gifsFeature } from "./gifs/index.ts";
import { homeFeature } from "./home/index.ts";
import { mp3Feature } from "./mp3/index.ts";
import { notificationsFeature } from "./notifications/index.ts";
import { pointsFeature } from "./points/index.ts";
import { postsFeature } from "./posts/index.ts";
import { privateMessagesFeature } from "./private-messages/index.ts";
import { radioFeature } from "./radio/index.ts";
import { rouletteFeature } from "./roulette/index.ts";
import { scheduleFeature } from "./schedule/index.ts";
import { socialFeature } from "./social/index.ts";
import { ticketsFeature } from "./tickets/index.ts";
import { uploadsFeature } from "./uploads/index.ts";
import { usersFeature } from "./users/index.ts";

/**
 * The one list of features. Its order is the order of route registration and of the account
 * deletion's steps: uploads comes before chat (the chat step removes chat images of the files the
 * uploads step lists).
 */
export const FEATURES: readonly Feature[] = [
  authFeature,
  usersFeature,
  socialFeature,
  adminFeature,
  homeFeature,
  notificationsFeature,
  postsFeature,
  uploadsFeature,
  mp3Feature,
  chatFeature,
  pointsFeature,
  effectsFeature,
  privateMessagesFeature,
  ticketsFeature,
  scheduleFeature,
  djFeature,
  djVotesFeature,
  coinflipFeature,
  battleshipsFeature,
  rouletteFeature,
  gifsFeature,
  radioFeature,
  camsFeature,
];
