import { PATHS } from "@airwave/contracts";

interface NavItem {
  label: string;
  to: string;
  adminOnly?: boolean;
}

/** The side drawer's entries, in the spec's order (My Profile goes to the member's own profile). */
export const NAV_ITEMS: NavItem[] = [
  { label: "My Profile", to: PATHS.myProfile },
  { label: "Home", to: PATHS.home },
  { label: "News Feed", to: PATHS.newsfeed },
  { label: "Schedule", to: PATHS.schedule },
  { label: "Chat", to: PATHS.chat },
  { label: "Admin", to: PATHS.admin, adminOnly: true },
  { label: "Ticket Support", to: PATHS.ticketsDrawer },
];
