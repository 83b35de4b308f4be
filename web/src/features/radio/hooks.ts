import { RADIO_EVENTS, RADIO_LIMITS, RADIO_ROUTES } from "@airwave/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { call } from "../../app/api.ts";
import { useSocketEvent } from "../../app/socket.ts";
import { type PlayerSnapshot, radioEngine } from "./engine.ts";

const nowPlayingKey = ["radio", "nowplaying"] as const;

/**
 * The station's now-playing (decisions "Radio"): polled every 30 s, replaced at once when the
 * server pushes a change over the real-time connection. Failures are silent (community spec 8).
 */
export function useNowPlaying() {
  const qc = useQueryClient();
  useSocketEvent(RADIO_EVENTS.nowPlaying, (payload) => {
    qc.setQueryData(nowPlayingKey, payload);
  });
  return useQuery({
    queryKey: nowPlayingKey,
    queryFn: ({ signal }) => call(RADIO_ROUTES.nowPlaying, { signal }),
    refetchInterval: RADIO_LIMITS.clientPollMs,
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: RADIO_LIMITS.clientPollMs / 2,
  });
}

/** The player engine's state (status, volume, mute). */
export function usePlayer(): PlayerSnapshot {
  const engine = radioEngine();
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
}
