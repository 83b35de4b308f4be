import { Box } from "@mui/material";
import { lazy, Suspense } from "react";
import { SilentBoundary } from "./SilentBoundary.tsx";

/*
 * What only signed-in members need is loaded on demand, so the login page does not carry it
 * (its initial JavaScript has a budget): the bell, the inbox button, the member search, Go Live.
 */
const NotificationsBellLazy = lazy(async () => ({
  default: (await import("../../features/notifications/NotificationsBell.tsx")).NotificationsBell,
}));
const InboxButtonLazy = lazy(async () => ({
  default: (await import("../../features/private-messages/InboxButton.tsx")).InboxButton,
}));
const GoLiveToggleLazy = lazy(async () => ({
  default: (await import("../../features/cams/GoLiveToggle.tsx")).GoLiveToggle,
}));
const UserSearchBoxLazy = lazy(async () => ({
  default: (await import("../../features/search/UserSearchBox.tsx")).UserSearchBox,
}));

export function ShellNotificationsBell() {
  return (
    <SilentBoundary>
      <Suspense fallback={<Box aria-hidden sx={{ width: 40, height: 40 }} />}>
        <NotificationsBellLazy />
      </Suspense>
    </SilentBoundary>
  );
}

export function ShellInboxButton() {
  return (
    <SilentBoundary>
      <Suspense fallback={<Box aria-hidden sx={{ width: 40, height: 40 }} />}>
        <InboxButtonLazy />
      </Suspense>
    </SilentBoundary>
  );
}

export function ShellUserSearch({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <SilentBoundary>
      <Suspense fallback={<Box aria-hidden sx={{ height: 40 }} />}>
        <UserSearchBoxLazy onNavigate={onNavigate} />
      </Suspense>
    </SilentBoundary>
  );
}

export function ShellGoLive({ compact }: { compact: boolean }) {
  return (
    <SilentBoundary>
      <Suspense fallback={<Box aria-hidden sx={{ width: 40, height: 40 }} />}>
        <GoLiveToggleLazy compact={compact} />
      </Suspense>
    </SilentBoundary>
  );
}
