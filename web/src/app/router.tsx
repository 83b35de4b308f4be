import { isGuardSkipped, isVisitorOnlyPath, normalizePath, PATHS } from "@airwave/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { PageLoader } from "../ui/PageLoader.tsx";
import { RouteGuard } from "./guard.tsx";
import { lazyNamed } from "./lazy.ts";

/**
 * The members' layout (top bar, drawer, socket, presence, player dock) is a chunk of its own, so
 * the screens outside it (login, register, banned...) do not load it.
 */
const loadShell = () => import("./shell/AppShell.tsx");
const AppShell = lazyNamed(loadShell, "AppShell");

/** Whether a path is drawn inside the members' layout (everything but the standalone screens). */
function usesShell(pathname: string): boolean {
  return (
    !isVisitorOnlyPath(pathname) &&
    !isGuardSkipped(pathname) &&
    normalizePath(pathname) !== "/popchat"
  );
}

const auth = () => import("../features/auth/pages.ts");
/** The radio's early start (a small chunk: the engine, not the player). */
const radioAutostart = () => import("../features/radio/autostart.ts");
const login = () => import("../features/auth/LoginPage.tsx");
const LoginPage = lazyNamed(login, "LoginPage");
const RegisterPage = lazyNamed(auth, "RegisterPage");
const LogoutPage = lazyNamed(auth, "LogoutPage");
const BannedPage = lazyNamed(auth, "BannedPage");
const ResetPasswordPage = lazyNamed(auth, "ResetPasswordPage");
const home = () => import("../features/home/HomePage.tsx");
const HomePage = lazyNamed(home, "HomePage");
const NotFoundPage = lazyNamed(() => import("../ui/NotFoundPage.tsx"), "NotFoundPage");
const upcoming = () => import("../features/upcoming/pages.tsx");
const chat = () => import("../features/chat/ChatPage.tsx");
const ChatPage = lazyNamed(chat, "ChatPage");
const PopchatPage = lazyNamed(chat, "PopchatPage");
const SchedulePage = lazyNamed(
  () => import("../features/schedule/SchedulePage.tsx"),
  "SchedulePage",
);
const TicketsPage = lazyNamed(() => import("../features/tickets/TicketsPage.tsx"), "TicketsPage");
const ProfilePage = lazyNamed(() => import("../features/profile/ProfilePage.tsx"), "ProfilePage");
const MyProfileRedirect = lazyNamed(upcoming, "MyProfileRedirect");
const newsfeed = () => import("../features/feed/NewsFeedPage.tsx");
const NewsFeedPage = lazyNamed(newsfeed, "NewsFeedPage");
const ApplyDjPage = lazyNamed(() => import("../features/dj/ApplyDjPage.tsx"), "ApplyDjPage");
const InboxPage = lazyNamed(
  () => import("../features/private-messages/InboxPage.tsx"),
  "InboxPage",
);
const AdminPage = lazyNamed(() => import("../features/admin/AdminPage.tsx"), "AdminPage");

/**
 * The pages a visit most often starts on, by path: their code starts loading with the guard's
 * question to the server, not after its answer (one round trip less before the page shows).
 */
const PAGE_CODE: Record<string, () => Promise<unknown>> = {
  [PATHS.login]: login,
  [PATHS.register]: auth,
  [PATHS.home]: home,
  [PATHS.chat]: chat,
  [PATHS.newsfeed]: newsfeed,
};

/** The route table of community spec section 2. Matching ignores case. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // Start loading the layout while the guard asks the server, not after: no extra round trip. The
  // radio starts with the guard's answer, before the layout has arrived.
  useEffect(() => {
    void PAGE_CODE[normalizePath(pathname)]?.();
    if (!usesShell(pathname)) return;
    void loadShell();
    void radioAutostart().then((radio) => radio.startRadioWhenSignedIn(queryClient));
  }, [pathname, queryClient]);
  return (
    <RouteGuard>
      {(location) => (
        <Suspense fallback={<PageLoader />}>
          <Routes location={location}>
            <Route path="register" element={<RegisterPage />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="logout" element={<LogoutPage />} />
            <Route path="404" element={<NotFoundPage />} />
            <Route path="banned" element={<BannedPage />} />
            <Route path="Popchat" element={<PopchatPage />} />
            <Route path="/" element={<AppShell />}>
              <Route index element={<Navigate to={PATHS.home} replace />} />
              <Route path="home" element={<HomePage />} />
              <Route path="chat" element={<ChatPage />} />
              <Route path="schedule" element={<SchedulePage />} />
              <Route path="tickets" element={<TicketsPage />} />
              <Route path="user" element={<Navigate to={PATHS.notFound} replace />} />
              <Route path="user/:djid" element={<ProfilePage />} />
              <Route path="reset-password/:key" element={<ResetPasswordPage />} />
              <Route path="myprofile" element={<MyProfileRedirect />} />
              <Route path="newsfeed" element={<NewsFeedPage />} />
              <Route path="ApplyDj" element={<ApplyDjPage />} />
              <Route path="inbox" element={<InboxPage />} />
              <Route path="admin" element={<AdminPage />} />
            </Route>
            <Route path="*" element={<Navigate to={PATHS.notFound} replace />} />
          </Routes>
        </Suspense>
      )}
    </RouteGuard>
  );
}
