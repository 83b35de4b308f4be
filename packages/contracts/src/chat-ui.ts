import { CHAT_LIMITS, CHAT_MESSAGES } from "./chat.ts";

/**
 * The chat screen (chat spec 2, 4, 5, 8, 9): its local storage keys, cookie, and every label and
 * text it shows. The server's texts are in `CHAT_MESSAGES`; the ones the screen shares with them are
 * taken from there.
 */

/** Local storage keys and the cookie of the chat screen (chat spec 3). */
export const CHAT_STORAGE = {
  formatPreferences: "chatFormatPreferences",
  recentColours: "chatRecentColors",
  buildVersion: "appBuildVersion",
  /** Set once the member closed the rules-and-sound welcome. */
  rulesAccepted: "chatRulesAccepted",
  fontScaleCookie: "chatFontScale",
  /** Cookies of the chat screen last one year. */
  cookieMaxAgeSeconds: 365 * 24 * 60 * 60,
} as const;

/** Local storage keys of the name tag presets and announcements (chat spec 3; community spec 3). */
export const CHAT_STORAGE_KEYS = {
  nameTagPresets: "chatNameTagPresets",
  /** The `at` of the last announcement this tab dismissed (session storage): not shown again. */
  dismissedAnnouncement: "chatDismissedAnnouncement",
} as const;

export const CHAT_VIEW_LIMITS = {
  /** The colour picker's hex input: `#` and up to 8 hex digits. */
  hexInputMax: 9,
  /** Messages kept on screen; older ones leave the list (the history is on the server). */
  listMax: 400,
  /** How long a reply's original stays highlighted after a click on the quote. */
  highlightMs: 1_600,
  /** How long a like's pulse bubble floats. */
  pulseMs: 1_200,
  /** Distance from the bottom (px) that still counts as "at the bottom" for auto-scroll. */
  bottomSlackPx: 48,
} as const;

/** The rules-and-sound welcome modal (first visit). */
export const CHAT_RULES = {
  title: "Welcome to the chat room",
  intro: "A few house rules keep the room a good place to hang out while the music plays:",
  rules: [
    "Be kind. No harassment, hate speech, threats or personal attacks.",
    "No spam or flooding: at most 5 messages every 5 seconds, and no repeated text.",
    "Keep it legal and safe for work: no adult, violent or shocking images or GIFs.",
    "No advertising or links to other stations without a moderator's OK.",
    "Respect the DJs: requests are welcome, demands are not.",
    "Admins and moderators may kick or ban anyone who breaks these rules.",
  ],
  sound:
    "Sound: the live radio and DJ streams play in this window. Turn your volume up, and use the player to start or stop the stream at any time.",
  accept: "I agree, enter the chat",
} as const;

export const CHAT_TEXTS = {
  pageTitle: "Chat",
  chatBox: "Chat room",
  camsArea: "Live cams",
  myCam: "My cam",
  messages: "Chat messages",
  messageFrom: (name: string) => `Message from ${name}`,
  jumpToNewest: "Jump to the newest messages",
  mediaQuote: "GIF or image",
  tools: "Message tools",
  loading: "Loading",
  connecting: "Connecting to the chat…",
  reconnecting: "Connection lost. Reconnecting…",
  /** Chat spec 8: the chat (or cams) could not start, with the reason. */
  initializationError: "Initialization Error",
  chatCouldNotStart: (reason: string) => `The chat service could not start: ${reason}. Retrying…`,
  /** The reason when the connection itself failed (Socket.IO's transport errors). */
  chatUnreachable: "the chat server could not be reached",
  noMessages: "No messages yet. Say hello!",
  notSignedIn: "Sign in to join the chat room.",
  signIn: "Sign in",
  // Chat box controls
  fullScreen: "Full screen",
  exitFullScreen: "Exit full screen",
  fontSmaller: "Smaller text",
  fontLarger: "Larger text",
  fontScale: (scale: number) => `Text size ${Math.round(scale * 100)}%`,
  /** The desktop header's labelled overflow menu of the room's tools (issue 29). */
  moreTools: "More",
  moreToolsMenu: "More chat tools",
  showUsers: "Show users",
  hideUsers: "Hide users",
  /** A button's name with the count its badge shows. */
  withCount: (label: string, count: string) => `${label} (${count})`,
  schedule: "DJ schedule",
  scheduleTitle: "DJ schedule",
  close: "Close",
  trackId: "Track ID",
  trackIdLoading: "Identifying the track…",
  trackIdDone: "Track identified",
  // Up next
  upNextLabel: "Up next",
  upNextCountdown: (mmss: string) => `starts in ${mmss}`,
  // Users
  users: "Users",
  usersOnline: (n: number) => `Users (${n})`,
  noUsers: "Nobody is here yet.",
  userMenu: (name: string) => `Actions for ${name}`,
  you: "(you)",
  privateMessage: "Private message",
  viewProfile: "View profile",
  ban: "Ban",
  kick: "Kick",
  // Moderation
  banTitle: (name: string) => `Ban ${name}`,
  kickTitle: (name: string) => `Kick ${name}`,
  banExplain:
    "A ban closes the member's account: they are signed out everywhere and cannot come back.",
  kickExplain: "A kick removes the member from the chat room. They may come back.",
  reason: "Reason (optional)",
  cancel: "Cancel",
  banned: "Banned",
  kicked: "Kicked",
  banFailed: CHAT_MESSAGES.banFailed,
  kickFailed: CHAT_MESSAGES.kickFailed,
  // Messages
  reply: "Reply",
  replyTo: (name: string) => `Reply to ${name}`,
  replyingTo: (name: string) => `Replying to ${name}`,
  cancelReply: "Cancel reply",
  quoteOf: (name: string) => `Go to ${name}'s message`,
  like: "Like",
  unlike: "Unlike",
  likedBy: (names: string[], more: number) =>
    more > 0 ? `Liked by ${names.join(", ")} and ${more} more` : `Liked by ${names.join(", ")}`,
  likeCount: (n: number) => `${n} like${n === 1 ? "" : "s"}`,
  imageAlt: (name: string) => `Image from ${name}`,
  gifAlt: (name: string) => `GIF from ${name}`,
  pastedImageAlt: "Linked image",
  openImage: "Open image",
  system: "System",
  // Composer
  composer: "Write a message",
  inputLabel: "Message",
  placeholder: "Type a message… (@ to mention)",
  send: "Send",
  counter: (n: number) => `${n}/${CHAT_LIMITS.inputMax}`,
  bold: "Bold",
  italic: "Italic",
  underline: "Underline",
  textColour: "Text colour",
  colourSwatch: (hex: string) => `Colour ${hex}`,
  recentColours: "Recent colours",
  hexInput: "Hex colour",
  hexInvalid: "Use # followed by 3 to 8 hex digits",
  applyColour: "Apply",
  resetColour: "Default colour",
  gif: "GIF and stickers",
  image: "Send an image",
  mentionList: "Mention a user",
  // Image upload
  imageDialogTitle: "Send an image",
  sendImage: "Send image",
  uploading: "Uploading…",
  selectImage: "Please select an image file.",
  /** The picked file does not open as a picture (a text file named x.png): said before any upload. */
  notAnImage: "This file is not a picture that can be sent. Choose a PNG, JPEG, GIF or WebP image.",
  imageTooLarge: "Image must be 5MB or smaller.",
  uploadNoUrl: "Upload failed: no URL returned.",
  uploadFailed: "Upload failed.",
  readFailed: "Failed to read file.",
  // Session
  sessionActiveTitle: CHAT_MESSAGES.sessionAlreadyActive,
  ok: "OK",
  // Update check
  updateTitle: "Update Available",
  updateText: "A new version of the chat is available. Clear the cache and reload to get it.",
  updateReload: "Clear cache and reload",
  updateLater: "Later",
  // Welcome toast
  welcomeToasts: "Members joining",
} as const;
