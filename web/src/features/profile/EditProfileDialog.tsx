import {
  AUTH_MESSAGES,
  customLinksSchema,
  SEX_OPTIONS,
  USER_LIMITS,
  USER_MESSAGES,
  type UserProfile,
  updateProfileSchema,
} from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { ApiError } from "../../app/api.ts";
import { SignOutEverywhere } from "../auth/SignOutEverywhere.tsx";
import { profileApi } from "./api.ts";
import { CustomLinksInput } from "./CustomLinksInput.tsx";
import { invalidateMe, reloadProfiles } from "./hooks.ts";
import { InterestsInput } from "./InterestsInput.tsx";
import { parseInterests } from "./interests.ts";
import { checkCustomLinks } from "./links.ts";

/** The contract's schema, with the editor's shapes: interests as chips, blank link rows dropped. */
const editProfileFormSchema = updateProfileSchema.omit({ userid: true }).extend({
  interests: z.array(z.string()).max(USER_LIMITS.interestsMax, USER_MESSAGES.interestsMax),
  customLinks: z
    .array(z.string())
    .transform((links) => checkCustomLinks(links).links)
    .pipe(customLinksSchema),
});
type EditInput = z.input<typeof editProfileFormSchema>;
type EditOutput = z.output<typeof editProfileFormSchema>;

const sexValue = (sex: string | undefined): EditInput["sex"] =>
  (SEX_OPTIONS as readonly string[]).includes(sex ?? "") ? (sex as EditInput["sex"]) : "";

function editDefaults(p: Partial<UserProfile>): EditInput {
  return {
    bio: p.bio ?? "",
    age: p.age == null ? "" : String(p.age),
    location: p.location ?? "",
    sex: sexValue(p.sex),
    interests: parseInterests(p.interests),
    facebook: p.facebook ?? "",
    twitter: p.twitter ?? "",
    instagram: p.instagram ?? "",
    customLinks: [...(p.customLinks ?? [])],
  };
}

/** Edit Profile (community spec 2 and 5); success reloads the profile. */
export function EditProfileDialog({
  profile,
  open,
  onClose,
}: {
  profile: UserProfile;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const fullScreen = useMediaQuery("(max-width:600px)");
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-t`}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <DialogTitle id={`${id}-t`}>Edit Profile</DialogTitle>
      {open && <EditProfileForm profile={profile} onDone={onClose} />}
    </Dialog>
  );
}

function EditProfileForm({
  profile,
  onDone,
}: {
  profile: Partial<UserProfile>;
  onDone: () => void;
}) {
  const qc = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(editProfileFormSchema),
    defaultValues: editDefaults(profile),
  });
  const { errors, isSubmitting } = form.formState;
  const bio = form.watch("bio") ?? "";
  const links = form.watch("customLinks");
  const linksInvalid = checkCustomLinks(links).invalid;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await profileApi.updateProfile({ ...values, interests: values.interests.join(",") });
      await Promise.all([reloadProfiles(qc), invalidateMe(qc)]);
      onDone();
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : String(err));
    }
  });

  const text = (name: "location" | "facebook" | "twitter" | "instagram") => ({
    ...form.register(name),
    error: !!errors[name],
    helperText: errors[name]?.message,
    fullWidth: true,
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      // The fields scroll; the Save and Cancel buttons stay in view (dialog paper is a flex column).
      sx={{ display: "flex", flexDirection: "column", minHeight: 0, flex: "1 1 auto" }}
    >
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <TextField
            label="Bio"
            multiline
            minRows={3}
            fullWidth
            {...form.register("bio")}
            error={!!errors.bio || bio.length > USER_LIMITS.bioMax}
            helperText={errors.bio?.message ?? `${bio.length}/${USER_LIMITS.bioMax}`}
            slotProps={{ htmlInput: { maxLength: USER_LIMITS.bioMax } }}
          />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              label="Age"
              type="number"
              fullWidth
              {...form.register("age")}
              error={!!errors.age}
              helperText={errors.age?.message}
              slotProps={{
                htmlInput: { min: USER_LIMITS.ageMin, max: USER_LIMITS.ageMax, step: 1 },
              }}
            />
            <Controller
              control={form.control}
              name="sex"
              render={({ field }) => (
                <TextField
                  select
                  label="Sex"
                  fullWidth
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={!!errors.sex}
                  helperText={errors.sex?.message}
                >
                  <MenuItem value="">
                    <em>Not set</em>
                  </MenuItem>
                  {SEX_OPTIONS.map((s) => (
                    <MenuItem key={s} value={s}>
                      {s}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          <TextField
            label="Location"
            {...text("location")}
            slotProps={{ htmlInput: { maxLength: USER_LIMITS.locationMax } }}
          />
          <Controller
            control={form.control}
            name="interests"
            render={({ field }) => <InterestsInput value={field.value} onChange={field.onChange} />}
          />
          <Typography variant="subtitle2" component="h3">
            Social links
          </Typography>
          <TextField label="Facebook" placeholder="username or link" {...text("facebook")} />
          <TextField label="Twitter" placeholder="username or link" {...text("twitter")} />
          <TextField label="Instagram" placeholder="username or link" {...text("instagram")} />
          <Typography variant="subtitle2" component="h3">
            Custom links
          </Typography>
          <Controller
            control={form.control}
            name="customLinks"
            render={({ field }) => (
              <CustomLinksInput value={field.value} onChange={field.onChange} />
            )}
          />
          <Typography variant="subtitle2" component="h3">
            {AUTH_MESSAGES.accountHeading}
          </Typography>
          <SignOutEverywhere />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={isSubmitting || linksInvalid || bio.length > USER_LIMITS.bioMax}
        >
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
      </DialogActions>
    </Box>
  );
}
