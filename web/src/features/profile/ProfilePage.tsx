import {
  type BasicUser,
  hasRole,
  MP3_UI_TEXTS,
  PATHS,
  USER_MESSAGES,
  type UserProfile,
} from "@airwave/contracts";
import { Alert, AlertTitle, Box, Paper, Stack, Tab, Tabs } from "@mui/material";
import { Suspense, useMemo, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../app/api.ts";
import { useMe } from "../../app/session.ts";
import { MessageDialog } from "../../ui/MessageDialog.tsx";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { AboutSection } from "./AboutSection.tsx";
import { FollowRequestRow, FollowRequests } from "./FollowRequests.tsx";
import { useFollowAcceptedRefresh, useFollowers, useFollowing, useProfile } from "./hooks.ts";
import { MemberList } from "./MemberList.tsx";
import { PhotosGrid } from "./PhotosGrid.tsx";
import { ProfileHeader } from "./ProfileHeader.tsx";
import { ProfilePosts } from "./ProfilePosts.tsx";
import { ProfileTracks } from "./ProfileTracks.lazy.ts";
import { RelationControls } from "./RelationControls.tsx";

export type ProfileFailure =
  | { kind: "notFound" }
  | { kind: "banned" }
  | { kind: "blocked"; message: string }
  | { kind: "error"; message: string };

/** What a failed GET /getUserProfileData means for the page (community spec 8). */
export function classifyProfileFailure(err: unknown): ProfileFailure | null {
  if (!err) return null;
  if (err instanceof ApiError) {
    if (err.status === 404) return { kind: "notFound" };
    if (err.status === 403 && err.body.banned === true) return { kind: "banned" };
    if (err.status === 403) {
      const message = typeof err.body.message === "string" ? err.body.message : "";
      return { kind: "blocked", message: message || USER_MESSAGES.blockedProfile };
    }
    return { kind: "error", message: err.message };
  }
  return { kind: "error", message: err instanceof Error ? err.message : String(err) };
}

/** /user/{djid}: a member's profile, the owner's own page or another member's (community spec 2). */
export function ProfilePage() {
  const { djid = "" } = useParams();
  // A new member is a new page: tabs, dialogs and the highlight start over.
  return <ProfileView key={djid.toLowerCase()} djid={djid} />;
}

const TABS = ["about", "followers", "following", "photos", "tracks"] as const;
type TabKey = (typeof TABS)[number];

function ProfileView({ djid }: { djid: string }) {
  const navigate = useNavigate();
  const me = useMe();
  const query = useProfile(djid);
  useFollowAcceptedRefresh();
  const [dismissed, setDismissed] = useState(false);

  const profile = query.data;
  const failure: ProfileFailure | null =
    classifyProfileFailure(query.error) ??
    (profile && hasRole(profile.role, "banned") ? { kind: "banned" } : null);

  if (failure?.kind === "notFound" || failure?.kind === "banned") {
    const notFound = failure.kind === "notFound";
    return (
      <MessageDialog
        value={
          dismissed
            ? null
            : notFound
              ? { title: USER_MESSAGES.userNotFoundTitle, message: USER_MESSAGES.userNotFound }
              : { title: USER_MESSAGES.userBannedTitle, message: USER_MESSAGES.userBanned }
        }
        onClose={() => {
          setDismissed(true);
          const ownProfile = me.data ? PATHS.user(me.data.username) : PATHS.myProfile;
          navigate(notFound ? ownProfile : PATHS.root, { replace: true });
        }}
      />
    );
  }
  if (failure) {
    return (
      <Alert severity={failure.kind === "blocked" ? "info" : "error"} sx={{ maxWidth: 720 }}>
        {failure.message}
      </Alert>
    );
  }
  if (!profile) return <PageLoader />;

  const myId = me.data?._id;
  const isOwner = !!myId && (profile.id === myId || profile._id === myId);
  const blocked = !isOwner && (profile.blockedByMe || profile.hasBlockedMe);
  const limited = !isOwner && (profile.limited || blocked);

  return (
    <Stack spacing={2} sx={{ width: "100%", maxWidth: 1100, mx: "auto", minWidth: 0 }}>
      <ProfileHeader
        profile={profile}
        profileRef={djid}
        isOwner={isOwner}
        actions={<RelationControls profile={profile} profileRef={djid} limited={limited} />}
      />
      {limited ? (
        <LimitedNotice profile={profile} blocked={blocked} />
      ) : (
        <ProfileContent profile={profile} isOwner={isOwner} myId={myId} />
      )}
    </Stack>
  );
}

/** A private profile seen by a non-follower, or a profile across a block: a notice and no tabs. */
export function LimitedNotice({ profile, blocked }: { profile: UserProfile; blocked: boolean }) {
  if (blocked) {
    return (
      <Alert severity="info" role="status">
        {profile.message || USER_MESSAGES.blockedProfile}
      </Alert>
    );
  }
  return (
    <Alert severity="info" role="status">
      <AlertTitle>{profile.message || USER_MESSAGES.profilePrivate}</AlertTitle>
      {profile.requestedByMe && USER_MESSAGES.followPending}
    </Alert>
  );
}

function ProfileContent({
  profile,
  isOwner,
  myId,
}: {
  profile: UserProfile;
  isOwner: boolean;
  myId: string | undefined;
}) {
  const [params, setParams] = useSearchParams();
  const postId = params.get("post");
  const [tab, setTab] = useState<TabKey>("about");
  const memberId = profile.id ?? profile._id;

  const followers = useFollowers(memberId, tab === "followers");
  const following = useFollowing(memberId, tab === "following" || isOwner);
  // Whom the viewer follows, for Follow Back: on the own page that is this page's Following list.
  const followingIds = useMemo(
    () => new Set((isOwner ? following.data : undefined)?.map((u) => u.id ?? u._id)),
    [isOwner, following.data],
  );
  const canFollowBack = (u: BasicUser) =>
    isOwner && following.isSuccess && !followingIds.has(u.id ?? u._id) && (u.id ?? u._id) !== myId;

  const labels: Record<TabKey, string> = {
    about: "About",
    followers: `Followers (${profile.followersCount ?? 0})`,
    following: `Following (${profile.followingCount ?? 0})`,
    photos: `Photos (${profile.photosCount ?? 0})`,
    tracks: MP3_UI_TEXTS.profileTab,
  };
  const errorText = (err: unknown) =>
    err ? (err instanceof Error ? err.message : String(err)) : null;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {isOwner && (
        <FollowRequests
          requests={profile.followRequests ?? []}
          followingIds={
            following.isSuccess ? followingIds : new Set(profile.followRequests?.map((u) => u.id))
          }
        />
      )}
      {!isOwner && profile.hasRequestedToFollowMe && (
        <Paper component="section" aria-label="Follow request" sx={{ p: 2 }}>
          <Box sx={{ mb: 1, color: "text.secondary" }}>{profile.username} asked to follow you.</Box>
          <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
            <FollowRequestRow user={profile} following />
          </Box>
        </Paper>
      )}
      <Paper sx={{ minWidth: 0 }}>
        <Tabs
          value={tab}
          onChange={(_, v: TabKey) => setTab(v)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Profile sections"
        >
          {TABS.map((key) => (
            <Tab
              key={key}
              value={key}
              label={labels[key]}
              id={`profile-tab-${key}`}
              aria-controls={`profile-panel-${key}`}
            />
          ))}
        </Tabs>
      </Paper>
      <Box
        role="tabpanel"
        id={`profile-panel-${tab}`}
        aria-labelledby={`profile-tab-${tab}`}
        sx={{ minWidth: 0 }}
      >
        {tab === "about" && (
          <Stack spacing={2}>
            <AboutSection profile={profile} />
            <ProfilePosts
              profile={profile}
              isOwner={isOwner}
              postId={postId}
              onShowAll={() => {
                const next = new URLSearchParams(params);
                next.delete("post");
                setParams(next, { replace: true });
              }}
            />
          </Stack>
        )}
        {tab === "followers" && (
          <MemberList
            label="Followers"
            users={followers.data}
            loading={followers.isPending}
            error={errorText(followers.error)}
            emptyText={USER_MESSAGES.noFollowers}
            showFollowBack={canFollowBack}
          />
        )}
        {tab === "following" && (
          <MemberList
            label="Following"
            users={following.data}
            loading={following.isPending}
            error={errorText(following.error)}
            emptyText={USER_MESSAGES.noFollowing}
          />
        )}
        {tab === "photos" && <PhotosGrid memberId={memberId} />}
        {tab === "tracks" && (
          <Suspense fallback={<PageLoader />}>
            <ProfileTracks memberId={memberId} />
          </Suspense>
        )}
      </Box>
    </Stack>
  );
}
