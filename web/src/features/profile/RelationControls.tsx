import {
  mentionsPrivateProfile,
  PATHS,
  PRIVATE_MESSAGE_MESSAGES,
  SOCIAL_MESSAGES,
  type UserProfile,
} from "@airwave/contracts";
import BlockIcon from "@mui/icons-material/Block";
import MailIcon from "@mui/icons-material/Mail";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import PersonRemoveIcon from "@mui/icons-material/PersonRemove";
import { Button, Stack } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../app/api.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { type DialogMessage, MessageDialog } from "../../ui/MessageDialog.tsx";
import { conversationIdOf, inboxApi } from "../private-messages/api.ts";
import { emitPmUnreadRefresh } from "../private-messages/unread.ts";
import { profileApi } from "./api.ts";
import { isSettledAnswer, logFailure, patchProfile, reloadProfiles } from "./hooks.ts";

/** The spec's 'Cannot Message' text: the server's message or the fallback, plus the private hint. */
export function cannotMessageText(err: unknown, alreadyFollowing: boolean): string {
  const body = err instanceof ApiError ? err.body : {};
  const server = [body.message, body.msg, body.error].find(
    (v): v is string => typeof v === "string" && v.length > 0,
  );
  const message = server ?? PRIVATE_MESSAGE_MESSAGES.startConversationFailed;
  if (!mentionsPrivateProfile(message)) return message;
  const hint = alreadyFollowing
    ? PRIVATE_MESSAGE_MESSAGES.followAcceptedStillPending
    : PRIVATE_MESSAGE_MESSAGES.followMustBeAccepted;
  return `${message} ${hint}`;
}

type Action = "follow" | "unfollow" | "cancel" | "block" | "unblock" | "message";

/**
 * What a member sees on another member's profile (community spec 2 and 4): Follow, 'Requested' with
 * Cancel, or Unfollow; Block or Unblock; Message. Across a block only Unblock shows (to the blocker).
 * A limited (private) profile shows only the follow controls.
 */
export function RelationControls({
  profile,
  profileRef,
  limited,
}: {
  profile: UserProfile;
  /** The key the page loaded the profile by (the route's djid). */
  profileRef: string;
  limited: boolean;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Action | null>(null);
  const [dialog, setDialog] = useState<DialogMessage | null>(null);
  const blocked = profile.blockedByMe || profile.hasBlockedMe;
  const [confirmBlock, setConfirmBlock] = useState(false);

  const run = async (action: Action, call: () => Promise<unknown>, after?: () => void) => {
    setBusy(action);
    try {
      await call();
      after?.();
    } catch (err) {
      if (isSettledAnswer(err)) after?.();
      else logFailure(action, err);
    } finally {
      setBusy(null);
      void reloadProfiles(qc);
    }
  };

  const follow = () =>
    run("follow", async () => {
      const res = await profileApi.follow(profile.id);
      patchProfile(
        qc,
        profileRef,
        res.status === "requested"
          ? { requestedByMe: true, isFollowing: false }
          : { isFollowing: true, requestedByMe: false },
      );
    });
  const unfollow = () =>
    run(
      "unfollow",
      () => profileApi.unfollow(profile.id),
      () => patchProfile(qc, profileRef, { isFollowing: false }),
    );
  const cancel = () =>
    run(
      "cancel",
      () => profileApi.cancelRequest(profile.id),
      () => patchProfile(qc, profileRef, { requestedByMe: false }),
    );
  const block = () =>
    run(
      "block",
      () => profileApi.block(profile.id),
      () => {
        setConfirmBlock(false);
        patchProfile(qc, profileRef, { blockedByMe: true });
      },
    );
  const unblock = () =>
    run(
      "unblock",
      () => profileApi.unblock(profile.id),
      () => patchProfile(qc, profileRef, { blockedByMe: false }),
    );

  const message = async () => {
    setBusy("message");
    try {
      const id = conversationIdOf(await inboxApi.start({ userId: profile.id }));
      if (!id) throw new ApiError(500, PRIVATE_MESSAGE_MESSAGES.startConversationFailed);
      emitPmUnreadRefresh();
      navigate(`${PATHS.inbox}?convo=${encodeURIComponent(id)}`);
    } catch (err) {
      setDialog({
        title: PRIVATE_MESSAGE_MESSAGES.cannotMessageTitle,
        message: cannotMessageText(err, profile.isFollowing),
      });
    } finally {
      setBusy(null);
    }
  };

  const disabled = busy !== null;

  if (blocked) {
    return profile.blockedByMe ? (
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button variant="outlined" color="warning" onClick={unblock} disabled={disabled}>
          Unblock
        </Button>
      </Stack>
    ) : null;
  }

  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
      {profile.isFollowing ? (
        <Button
          variant="outlined"
          startIcon={<PersonRemoveIcon />}
          onClick={unfollow}
          disabled={disabled}
        >
          Unfollow
        </Button>
      ) : profile.requestedByMe ? (
        <>
          <Button variant="contained" disabled>
            Requested
          </Button>
          <Button variant="outlined" onClick={cancel} disabled={disabled}>
            Cancel request
          </Button>
        </>
      ) : (
        <Button
          variant="contained"
          startIcon={<PersonAddIcon />}
          onClick={follow}
          disabled={disabled}
        >
          Follow
        </Button>
      )}
      {!limited && (
        <>
          <Button variant="outlined" startIcon={<MailIcon />} onClick={message} disabled={disabled}>
            Message
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<BlockIcon />}
            onClick={() => setConfirmBlock(true)}
            disabled={disabled}
          >
            Block
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirmBlock}
        title={SOCIAL_MESSAGES.blockTitle(profile.username)}
        message={SOCIAL_MESSAGES.blockText(profile.username)}
        confirmLabel={SOCIAL_MESSAGES.blockConfirm}
        busy={busy === "block"}
        onConfirm={block}
        onClose={() => setConfirmBlock(false)}
      />
      <MessageDialog value={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
