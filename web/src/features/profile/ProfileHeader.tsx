import {
  DEFAULT_PROFILE_IMAGE,
  IMAGE_ACCEPT,
  USER_MESSAGES,
  type UserProfile,
} from "@airwave/contracts";
import EditIcon from "@mui/icons-material/Edit";
import LockIcon from "@mui/icons-material/Lock";
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import {
  Avatar,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Paper,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type ReactNode, useRef, useState } from "react";
import { type DialogMessage, MessageDialog } from "../../ui/MessageDialog.tsx";
import { profileApi } from "./api.ts";
import { EditProfileDialog } from "./EditProfileDialog.tsx";
import { invalidateMe, logFailure, patchProfile, reloadProfiles } from "./hooks.ts";
import { isAcceptedProfileImage } from "./image-check.ts";

/** A camera button with its hidden file input; checks type and size before uploading. */
function ImagePicker({
  label,
  upload,
  onInvalid,
  sx,
}: {
  label: string;
  upload: (file: File) => Promise<unknown>;
  onInvalid: () => void;
  sx?: object;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (!isAcceptedProfileImage(file)) {
      onInvalid();
      return;
    }
    setBusy(true);
    try {
      await upload(file);
    } catch (err) {
      logFailure(label, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          onClick={() => input.current?.click()}
          disabled={busy}
          size="small"
          sx={{
            bgcolor: "rgba(11, 11, 18, 0.75)",
            color: "common.white",
            "&:hover": { bgcolor: "rgba(11, 11, 18, 0.9)" },
            ...sx,
          }}
        >
          {busy ? (
            <CircularProgress size={20} color="inherit" />
          ) : (
            <PhotoCameraIcon fontSize="small" />
          )}
        </IconButton>
      </Tooltip>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={onChange}
        data-testid={`${label} input`}
      />
    </>
  );
}

/**
 * Cover photo, avatar and name; the owner's camera buttons, Private switch and Edit Profile, or
 * another member's relation controls (passed in as `actions`).
 */
export function ProfileHeader({
  profile,
  profileRef,
  isOwner,
  actions,
}: {
  profile: UserProfile;
  profileRef: string;
  isOwner: boolean;
  actions?: ReactNode;
}) {
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<DialogMessage | null>(null);
  const [editing, setEditing] = useState(false);
  const [savingPrivacy, setSavingPrivacy] = useState(false);

  const invalid = () =>
    setDialog({
      title: USER_MESSAGES.profileImageInvalidTitle,
      message: USER_MESSAGES.profileImageInvalid,
    });

  const afterUpload = async (patch: Partial<UserProfile>) => {
    patchProfile(qc, profileRef, patch);
    await Promise.all([reloadProfiles(qc), invalidateMe(qc)]);
  };

  const setPrivate = async (isPrivate: boolean) => {
    setSavingPrivacy(true);
    patchProfile(qc, profileRef, { isPrivate });
    try {
      await profileApi.setPrivate(isPrivate);
    } catch (err) {
      logFailure("privacy", err);
    } finally {
      setSavingPrivacy(false);
      void reloadProfiles(qc);
    }
  };

  return (
    <Paper component="header" sx={{ overflow: "hidden" }}>
      <Box
        role={profile.coverphoto ? "img" : undefined}
        aria-label={profile.coverphoto ? `${profile.username}'s cover photo` : undefined}
        sx={{
          position: "relative",
          height: { xs: 140, sm: 200, md: 240 },
          background: profile.coverphoto
            ? `center / cover no-repeat url("${encodeURI(profile.coverphoto)}")`
            : "linear-gradient(135deg, #2a1f4d 0%, #11111c 55%, #0e3a44 100%)",
        }}
      >
        {isOwner && (
          <Box sx={{ position: "absolute", right: 12, bottom: 12 }}>
            <ImagePicker
              label="Change cover photo"
              onInvalid={invalid}
              upload={async (file) => {
                const res = await profileApi.uploadCoverPhoto(file);
                await afterUpload({ coverphoto: res.coverphoto });
              }}
            />
          </Box>
        )}
      </Box>
      <Box
        sx={{
          px: { xs: 2, sm: 3 },
          pb: 2,
          display: "flex",
          flexDirection: { xs: "column", sm: "row" },
          alignItems: { xs: "flex-start", sm: "flex-end" },
          gap: { xs: 1, sm: 2.5 },
        }}
      >
        <Box sx={{ position: "relative", mt: { xs: -6, sm: -8 }, flexShrink: 0 }}>
          <Avatar
            src={profile.profileimage || DEFAULT_PROFILE_IMAGE}
            alt={profile.username}
            sx={{
              width: { xs: 96, sm: 132 },
              height: { xs: 96, sm: 132 },
              border: "4px solid",
              borderColor: "background.paper",
            }}
          />
          {isOwner && (
            <Box sx={{ position: "absolute", right: 0, bottom: 4 }}>
              <ImagePicker
                label="Change profile picture"
                onInvalid={invalid}
                upload={async (file) => {
                  const res = await profileApi.uploadProfilePicture(file);
                  await afterUpload({ profileimage: res.profileimage });
                }}
              />
            </Box>
          )}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0, pt: { sm: 1.5 } }}>
          <Stack direction="row" sx={{ alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <Typography
              variant="h4"
              component="h1"
              sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 32 }, overflowWrap: "anywhere" }}
            >
              {profile.username}
            </Typography>
            {profile.isDj && <Chip label="DJ" size="small" color="secondary" />}
            {profile.isPrivate && (
              <Chip icon={<LockIcon />} label="Private profile" size="small" variant="outlined" />
            )}
          </Stack>
        </Box>
        <Box sx={{ alignSelf: { xs: "stretch", sm: "flex-end" } }}>
          {isOwner ? (
            <Stack direction="row" sx={{ alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
              <FormControlLabel
                label="Private"
                control={
                  <Switch
                    checked={profile.isPrivate}
                    disabled={savingPrivacy}
                    onChange={(e) => setPrivate(e.target.checked)}
                  />
                }
              />
              <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                Edit Profile
              </Button>
            </Stack>
          ) : (
            actions
          )}
        </Box>
      </Box>
      {isOwner && (
        <EditProfileDialog profile={profile} open={editing} onClose={() => setEditing(false)} />
      )}
      <MessageDialog value={dialog} onClose={() => setDialog(null)} />
    </Paper>
  );
}
