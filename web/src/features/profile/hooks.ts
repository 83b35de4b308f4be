import {
  FOLLOW_ACCEPTED_REFRESH_EVENT,
  SOCIAL_MESSAGES,
  type UserProfile,
} from "@airwave/contracts";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError } from "../../app/api.ts";
import { meKey } from "../../app/session.ts";
import { profileApi } from "./api.ts";

export const profileKeys = {
  all: ["profile"] as const,
  view: (ref: string) => ["profile", "view", ref.toLowerCase()] as const,
  followers: (userId: string) => ["profile", "followers", userId] as const,
  following: (userId: string) => ["profile", "following", userId] as const,
};

/** GET /getUserProfileData?id — by username or id; 404 and 403 are answers, not retried. */
export function useProfile(ref: string) {
  return useQuery({
    queryKey: profileKeys.view(ref),
    queryFn: () => profileApi.profile(ref),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    enabled: ref.length > 0,
  });
}

export function useFollowers(userId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: profileKeys.followers(userId ?? ""),
    queryFn: async () => (await profileApi.followers(userId ?? "")).users,
    enabled: !!userId && enabled,
  });
}

export function useFollowing(userId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: profileKeys.following(userId ?? ""),
    queryFn: async () => (await profileApi.following(userId ?? "")).users,
    enabled: !!userId && enabled,
  });
}

/** Everything the profile page shows about people (profile, counts, lists) is loaded again. */
export const reloadProfiles = (qc: QueryClient) =>
  qc.invalidateQueries({ queryKey: profileKeys.all });

/** Changes the cached profile at once, before the server's answer arrives. */
export function patchProfile(qc: QueryClient, ref: string, patch: Partial<UserProfile>) {
  qc.setQueryData<UserProfile>(profileKeys.view(ref), (p) => (p ? { ...p, ...patch } : p));
}

/** Reloads the profile, counts and lists when another part of the app says a follow was accepted. */
export function useFollowAcceptedRefresh() {
  const qc = useQueryClient();
  useEffect(() => {
    const onRefresh = () => void reloadProfiles(qc);
    window.addEventListener(FOLLOW_ACCEPTED_REFRESH_EVENT, onRefresh);
    return () => window.removeEventListener(FOLLOW_ACCEPTED_REFRESH_EVENT, onRefresh);
  }, [qc]);
}

/** The server's 400 answers that mean the request is already settled (community spec 4). */
export const isSettledAnswer = (err: unknown) =>
  err instanceof ApiError &&
  err.status === 400 &&
  (err.message === SOCIAL_MESSAGES.noPendingRequest ||
    err.message === SOCIAL_MESSAGES.alreadyFollowing);

/** Follow, block and upload failures are only logged (community spec 8). */
export function logFailure(what: string, err: unknown) {
  console.error(`[profile] ${what} failed`, err);
}

export const invalidateMe = (qc: QueryClient) => qc.invalidateQueries({ queryKey: meKey });
