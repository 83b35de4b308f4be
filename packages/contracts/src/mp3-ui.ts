import { MP3_LIMITS } from "./mp3.ts";

/**
 * The MP3 library's screens (chat spec 3, 5, 6; admin spec Tab 8; community spec Tracks / Mixes):
 * labels that are not spec messages (those are `MP3_MESSAGES`).
 */
export const MP3_UI_TEXTS = {
  open: "MP3 Library",
  close: "Close the MP3 library",
  tabsLabel: "MP3 library sections",
  // Upload.
  single: "Single Upload",
  batch: "Batch Upload",
  library: "Library",
  chooseFile: "Choose an MP3",
  chooseFiles: "Choose MP3s",
  trackName: "Track name",
  upload: "Upload",
  uploadAll: "Upload all",
  clearBatch: "Clear",
  uploaded: (name: string) => `"${name}" is in the library.`,
  progress: (name: string) => `Upload progress of ${name}`,
  batchHint: `Pick several files: they upload ${MP3_LIMITS.batchConcurrency} at a time, each named after its title tag or its file.`,
  uploaderOverride: "Credit to (username, optional)",
  status: {
    queued: "Queued",
    uploading: "Uploading",
    done: "Done",
    error: "Failed",
  } as const,
  // Library.
  search: "Search tracks",
  sortBy: "Sort by",
  sorts: { uploadedAt: "Upload date", trackName: "Name", downloadCount: "Downloads" } as const,
  orderAsc: "Ascending",
  orderDesc: "Descending",
  noTracks: "No tracks yet.",
  noMatches: "No tracks match your search.",
  share: "Share to chat",
  shared: (name: string) => `Shared "${name}" in the chat.`,
  download: "Download",
  downloaded: "Downloaded",
  select: (name: string) => `Select ${name}`,
  downloadSelected: (n: number) => `Download selected (${n})`,
  uploadedBy: (username: string) => `by ${username}`,
  downloads: (n: number) => `${n} download${n === 1 ? "" : "s"}`,
  deleteTitle: "Delete track",
  deleteText: (name: string) => `Delete "${name}" from the library? This cannot be undone.`,
  cancel: "Cancel",
  // Player.
  play: (name: string) => `Play ${name}`,
  pause: (name: string) => `Pause ${name}`,
  seek: (name: string) => `Position in ${name}`,
  // Downloads.
  sequential: "Sequential",
  sequentialHint: `One track at a time (otherwise up to ${MP3_LIMITS.concurrentDownloadsMax} at once).`,
  queueEmpty: "No downloads yet. Pick tracks in the Library.",
  downloadStates: {
    queued: "Queued",
    active: "Downloading",
    done: "Done",
    error: "Failed",
  } as const,
  clearDone: "Clear finished",
  retry: "Retry",
  // Chat share.
  sharedBy: (username: string) => `shared by ${username}`,
  // Profile.
  profileTab: "Tracks / Mixes",
  profileEmpty: "No tracks uploaded yet.",
  // Admin.
  adminTitle: "MP3 Library",
  adminDelete: (name: string) => `Delete ${name}`,
  columns: {
    name: "Track",
    uploader: "Uploader",
    uploadedAt: "Uploaded",
    downloads: "Downloads",
    size: "Size",
    onAir: "On air",
  } as const,
} as const;
