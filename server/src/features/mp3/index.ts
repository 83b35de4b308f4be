import type { Feature } from "../../platform/feature.ts";
import { mp3ShareMessages } from "./chat-share.ts";
import { mp3AccountDeletion } from "./delete-account.ts";
import { mp3RotationSyncJob } from "./rotation.ts";
import { mp3Routes } from "./routes.ts";
import { mp3LeftoverSweepJob } from "./temp-sweep.ts";

/**
 * The MP3 library: upload, list, download with ranges, count downloads, delete (staff), and tracks
 * shared into the chat room; an Admin puts tracks into the bundled station's Auto DJ rotation.
 */
export const mp3Feature: Feature = {
  name: "mp3",
  routes: mp3Routes,
  chat: mp3ShareMessages,
  deleteAccount: mp3AccountDeletion,
  jobs: [mp3LeftoverSweepJob, mp3RotationSyncJob],
};
