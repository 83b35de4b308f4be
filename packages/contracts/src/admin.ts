/**
 * The admin dashboard (admin spec 2 and 8): its tabs, calls and every text it shows. Texts of other
 * features the dashboard reuses stay in their own files (CHAT_MESSAGES, DJ_MESSAGES, TICKET_MESSAGES,
 * GIF_ADMIN_MESSAGES).
 */

/** Admin spec 2: the tabs in order (their index is the tab number). */
export const ADMIN_TABS = [
  "Dashboard",
  "Users",
  "Posts",
  "Chat",
  "Radio Station",
  "Tickets",
  "DJ Applications",
  "IP Bans",
  "MP3",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** Admin spec 2, Tab 3: the chat tab's sub-tabs. */
export const ADMIN_CHAT_SUBTABS = [
  "Chat Management",
  "GIF Library",
  "Theme Controls",
  "MP3 Library",
] as const;

export const ADMIN_API = {
  registrationStatus: "/api/auth/registration/status",
  chatStats: "/api/auth/chat/stats",
  chatClear: "/api/auth/chat/clear",
  themeSettings: "/api/auth/theme-settings",
  djApplications: "/api/auth/getDjApplications",
  approveDj: "/api/auth/approveDj",
  rejectDj: "/api/auth/rejectDj",
  // Tab 0: overview (texts and schemas in admin-overview.ts)
  traffic: "/api/auth/getTraffic",
  activeUsersCount: "/api/auth/activeUsersCount",
  metrics: "/api/auth/admin/metrics",
  // Tab 1: users (texts and schemas in admin-users.ts)
  users: "/api/auth/admin/users",
  user: (id: string) => `/api/auth/admin/users/${encodeURIComponent(id)}`,
  userRole: (id: string) => `/api/auth/admin/users/${encodeURIComponent(id)}/role`,
  userDj: (id: string) => `/api/auth/admin/users/${encodeURIComponent(id)}/dj`,
  userBan: (id: string) => `/api/auth/admin/users/${encodeURIComponent(id)}/ban`,
  userUnban: (id: string) => `/api/auth/admin/users/${encodeURIComponent(id)}/unban`,
  userResetEmail: (id: string) => `/api/auth/admin/users/${encodeURIComponent(id)}/reset-email`,
  userDelete: (id: string) => `/api/auth/admin/users/${encodeURIComponent(id)}/delete`,
  userBanIp: (id: string) => `/api/auth/admin/users/${encodeURIComponent(id)}/ban-ip`,
  // Tab 2: posts and reports (texts and schemas in admin-posts.ts)
  posts: "/api/auth/admin/posts",
  postReports: (id: string) => `/api/auth/admin/posts/${encodeURIComponent(id)}/reports`,
  // Tab 7: IP bans (texts and schemas in admin-ip-bans.ts)
  ipBans: "/api/auth/admin/ip-bans",
  ipBan: (ip: string) => `/api/auth/admin/ip-bans/${encodeURIComponent(ip)}`,
} as const;

export const ADMIN_LIMITS = {
  /** Admin spec 9: chat stats poll every 60 s. */
  chatStatsPollMs: 60_000,
  /** Admin spec 8: toast durations. */
  themeSavedToastMs: 3_000,
  themeFailedToastMs: 5_000,
} as const;

export const ADMIN_TEXTS = {
  greeting: "Welcome Admin",
  tabsLabel: "Admin dashboard sections",
  // Tab 0
  registrationTitle: "Registration",
  registrationSwitch: "Allow new registrations",
  registrationOn: "New members can create an account.",
  registrationOff: "New account creation is disabled.",
  registrationFailed: "Failed to update registration status",
  settingUpdated: "Setting Updated",
  // Tab 3: chat management
  chatManagementTitle: "Chat history",
  chatStatLabel: "Chat messages in the last 24 hours",
  wipeChat: "Wipe all chat history",
  wipeConfirmTitle: "Wipe all chat history?",
  wipeConfirmText: "Every chat message is deleted for everyone, at once. This cannot be undone.",
  wipeConfirm: "Wipe history",
  wiped: (deleted: number) =>
    `Chat history cleared: ${deleted} message${deleted === 1 ? "" : "s"} deleted`,
  // Tab 3: GIF library
  gifLibraryTitle: "GIF library",
  uploadGif: "Upload GIF",
  uploadDialogTitle: "Upload a GIF",
  gifName: "Name",
  chooseGif: "Choose GIF",
  upload: "Upload",
  cancel: "Cancel",
  noGifs: "No GIFs in the library yet.",
  deleteGif: (name: string) => `Delete ${name}`,
  deleteGifTitle: "Delete this GIF?",
  deleteGifText: (name: string) => `"${name}" is removed from the library and from storage.`,
  delete: "Delete",
  gifsLoadFailed: "Failed to load GIFs",
  // Tab 3: themes
  themeTitle: "Seasonal themes",
  bonfireTheme: "Bonfire theme",
  fireworks: "Fireworks",
  christmasTheme: "Christmas theme",
  snow: "Snow",
  ropeLights: "Rope lights",
  christmasOnlyNote: "Snow and rope lights can be changed while the Christmas theme is active.",
  // Tab 4: radio
  radioLoadFailed: "Failed to load the radio station information",
  stationName: "Station",
  stationUrl: "URL",
  frontend: "Frontend",
  backend: "Backend",
  timezone: "Time zone",
  listeners: "Listeners",
  listenersCurrent: "Current",
  listenersUnique: "Unique",
  listenersTotal: "Total",
  nowPlaying: "Now playing",
  nothingPlaying: "Nothing is playing right now.",
  elapsed: "Elapsed",
  remaining: "Remaining",
  onAir: (streamer: string) => `Live: ${streamer}`,
  autoDj: "Auto DJ",
  offline: "Station offline",
  mounts: "Mount points",
  noMounts: "No mount points.",
  mount: "Mount",
  bitrate: "Bitrate",
  format: "Format",
  lastError: "Last error",
  retry: "Retry",
  refresh: "Refresh",
  // Tab 5
  ticketsTitle: "Support tickets",
  // Tab 6
  djAppsTitle: "DJ applications",
  noDjApps: "No DJ applications",
  djAppsLoadFailed: "Failed to load DJ applications",
  viewDetails: "Details",
  approve: "Approve",
  reject: "Reject",
  close: "Close",
  experience: "Experience",
  equipment: "Equipment",
  availability: "Availability",
  genres: "Genres",
  mixcloud: "Mixcloud",
  submitted: "Submitted",
} as const;
