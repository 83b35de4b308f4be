import { lazy } from "react";

/** The MP3 feature's Tracks / Mixes tab of the profile, loaded when opened. */
export const ProfileTracks = lazy(async () => ({
  default: (await import("../mp3/ProfileTracks.tsx")).ProfileTracks,
}));
