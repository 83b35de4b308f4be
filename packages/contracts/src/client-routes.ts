/** The browser's routes and the navigation guard's rules (community spec section 2). */
export const PATHS = {
  root: "/",
  home: "/home",
  login: "/login",
  register: "/register",
  logout: "/logout",
  banned: "/banned",
  notFound: "/404",
  chat: "/chat",
  popchat: "/Popchat",
  schedule: "/schedule",
  tickets: "/tickets",
  ticketsDrawer: "/Tickets",
  myProfile: "/myprofile",
  newsfeed: "/newsfeed",
  applyDj: "/ApplyDj",
  inbox: "/inbox",
  admin: "/admin",
  resetPassword: (key: string) => `/reset-password/${encodeURIComponent(key)}`,
  user: (username: string) => `/user/${encodeURIComponent(username)}`,
} as const;

/** Protected paths, lower-case, without a trailing slash. /user/{word} is matched separately. */
export const PROTECTED_PATHS = [
  "/schedule",
  "/myprofile",
  "/newsfeed",
  "/chat",
  "/admin",
  "/tickets",
  "/applydj",
  "/inbox",
] as const;

/** Paths the guard lets through without asking the server. */
export const GUARD_SKIP_PATHS = ["/logout", "/404", "/banned"] as const;

export function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.replace(/\/+$/, "") || "/" : lower;
}

export function isProtectedPath(pathname: string): boolean {
  const p = normalizePath(pathname);
  if ((PROTECTED_PATHS as readonly string[]).includes(p)) return true;
  return /^\/user\/[^/]+$/.test(p);
}

export function isGuardSkipped(pathname: string): boolean {
  return (GUARD_SKIP_PATHS as readonly string[]).includes(normalizePath(pathname));
}

export const AUTH_ONLY_FOR_VISITORS = ["/login", "/register"] as const;

export function isVisitorOnlyPath(pathname: string): boolean {
  return (AUTH_ONLY_FOR_VISITORS as readonly string[]).includes(normalizePath(pathname));
}

/** Local storage keys the spec names (community section 3). */
export const STORAGE_KEYS = {
  userId: "user-id",
  userdata: "userdata",
  redirectAfterLogin: "redirectAfterLogin",
  themeSettings: "themeSettings",
  playerVolume: "playerVolume",
  recentEmojis: "recentEmojis",
} as const;

export const LAYOUT = {
  drawerWidth: 200,
  mobileMaxWidth: 820,
  homeMobileMaxWidth: 780,
  playerCollapseMaxWidth: 680,
} as const;
