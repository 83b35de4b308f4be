import {
  COINFLIP_MESSAGES,
  type CoinflipCreateInput,
  COINFLIP_CLIENT_EVENTS as IN,
  pointsPeriod,
} from "@airwave/contracts";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ChatRoom } from "../chat/room/features.ts";
import { pointsApi, pointsKeys } from "../points/api.ts";
import { useSchedule } from "../schedule/hooks.ts";
import { coinflipFeature } from "./room.ts";

/** The member's points this month (`GET /me/points`, the query the header's chip shares). */
export function useMyPoints(): number | undefined {
  const query = useQuery({
    queryKey: pointsKeys.mine,
    queryFn: ({ signal }) => pointsApi.mine(signal),
  });
  return query.data?.points;
}

/** The current time, re-read every `ms` while `running`. */
export function useTicker(ms: number, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms, running]);
  return now;
}

/**
 * Whether points are frozen now (decisions: from the 25th to the 1st, station time): the station's
 * time zone comes with the schedule; unknown until it answers (the server refuses anyway).
 */
export function useCoinflipClosed(): boolean {
  const timeZone = useSchedule().data?.timeZone;
  const now = useTicker(60_000);
  if (!timeZone) return false;
  try {
    return pointsPeriod(new Date(now), timeZone).frozen;
  } catch {
    return false;
  }
}

/** Asks the server for a new offer; answers the text to show when it cannot be sent, or null. */
export function createCoinflip(room: ChatRoom | null, input: CoinflipCreateInput): string | null {
  if (!room?.emit(IN.create, input)) return COINFLIP_MESSAGES.error;
  return null;
}

/** Asks the server to accept an offer; answers the text to show when it cannot be sent, or null. */
export function acceptCoinflip(room: ChatRoom | null, offerId: string): string | null {
  if (!room?.emit(IN.accept, { offerId })) return COINFLIP_MESSAGES.error;
  return null;
}

/** Closes the member's settled flip (the modal's Close). */
export function dismissCoinflip(room: ChatRoom | null): void {
  room?.update(coinflipFeature, (s) => (s.coinflipActive ? { ...s, coinflipActive: null } : s));
}
