import type { QueryClient } from "@tanstack/react-query";
import { authStatusKey, fetchAuthStatus } from "../../app/session.ts";
import { radioEngine } from "./engine.ts";
import { loadListenUrl } from "./preferences.ts";

/**
 * Starts the radio as early as a page load allows (issue 27: it sounds within a second): from the
 * stream URL now-playing named last time, without waiting for now-playing, the members' layout or
 * the player's own code. The first visit (nothing remembered) waits for now-playing instead.
 */
export function startRadioEarly() {
  const url = loadListenUrl();
  if (!url) return;
  const engine = radioEngine();
  if (engine.source === null) engine.setSource(url);
  engine.autoplay({ provisional: true });
}

/**
 * The router calls this on a members' page while the guard asks the server about the session: the
 * stream starts as soon as the answer says signed in (the same request as the guard's), never for
 * a visitor the guard sends to the login page.
 */
export async function startRadioWhenSignedIn(queryClient: QueryClient) {
  if (!loadListenUrl()) return;
  const status = await queryClient
    .fetchQuery({ queryKey: authStatusKey, queryFn: fetchAuthStatus, staleTime: 5_000 })
    .catch(() => null);
  if (status?.authenticated === true) startRadioEarly();
}
