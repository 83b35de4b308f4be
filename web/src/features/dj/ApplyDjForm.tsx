import {
  type ApplyDjInput,
  type ApplyDjValues,
  applyDjSchema,
  DJ_GENRES,
  DJ_LIMITS,
} from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControl,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
  Stack,
  TextField,
} from "@mui/material";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { CharCounter } from "../posts/CharCounter.tsx";

const EMPTY_APPLICATION: ApplyDjInput = {
  experience: "",
  equipment: "",
  availability: "",
  genres: [],
  mixcloud: "",
};

/**
 * The Apply DJ form (community spec 5): every field required, validated with the contract's schema
 * as the member types and again on submit. Submit stays disabled while the form is invalid or a
 * submission is under way. `onSubmit` answers true when the application was stored: the form then
 * resets.
 */
export function ApplyDjForm({
  onSubmit,
}: {
  onSubmit: (values: ApplyDjValues) => Promise<boolean>;
}) {
  const id = useId();
  const form = useForm<ApplyDjInput, unknown, ApplyDjValues>({
    resolver: zodResolver(applyDjSchema),
    mode: "onChange",
    defaultValues: EMPTY_APPLICATION,
  });
  const { errors, isSubmitting, isValid } = form.formState;
  const experience = form.watch("experience") ?? "";

  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(values)) form.reset(EMPTY_APPLICATION);
  });

  const text = (name: "equipment" | "availability" | "mixcloud") => ({
    ...form.register(name),
    error: !!errors[name],
    helperText: errors[name]?.message,
    fullWidth: true,
    required: true,
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="DJ application">
      <Stack spacing={2.5}>
        <TextField
          label="Experience"
          multiline
          rows={DJ_LIMITS.experienceRows}
          fullWidth
          required
          placeholder="Where and what have you played? For how long?"
          {...form.register("experience")}
          error={!!errors.experience}
          helperText={
            <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
              <span>{errors.experience?.message}</span>
              <CharCounter
                id={`${id}-count`}
                count={experience.length}
                max={DJ_LIMITS.experienceMax}
                warnRatio={0.9}
              />
            </Box>
          }
          slotProps={{
            htmlInput: { maxLength: DJ_LIMITS.experienceMax },
            formHelperText: { component: "div" },
          }}
        />
        <TextField
          label="Equipment"
          placeholder="Decks, controller, software, microphone…"
          {...text("equipment")}
          slotProps={{ htmlInput: { maxLength: DJ_LIMITS.equipmentMax } }}
        />
        <TextField
          label="Availability"
          placeholder="Days and times you could play"
          {...text("availability")}
          slotProps={{ htmlInput: { maxLength: DJ_LIMITS.availabilityMax } }}
        />
        <Controller
          control={form.control}
          name="genres"
          render={({ field, fieldState }) => (
            <FormControl fullWidth required error={!!fieldState.error}>
              <InputLabel id={`${id}-genres`}>Music Genres</InputLabel>
              <Select
                labelId={`${id}-genres`}
                multiple
                value={field.value ?? []}
                onChange={(e) => {
                  const v = e.target.value;
                  field.onChange(typeof v === "string" ? v.split(",") : v);
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                input={<OutlinedInput label="Music Genres" />}
                renderValue={(selected) => (
                  <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                    {(selected as string[]).map((g) => (
                      <Chip key={g} label={g} size="small" color="primary" />
                    ))}
                  </Box>
                )}
                MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
              >
                {DJ_GENRES.map((g) => (
                  <MenuItem key={g} value={g}>
                    <Checkbox checked={(field.value ?? []).includes(g)} size="small" />
                    <ListItemText primary={g} />
                  </MenuItem>
                ))}
              </Select>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <TextField
          label="Mixcloud Profile URL"
          type="url"
          placeholder="https://www.mixcloud.com/your-name/"
          {...text("mixcloud")}
          slotProps={{ htmlInput: { maxLength: DJ_LIMITS.mixcloudMax, inputMode: "url" } }}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!isValid || isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Submit Application
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
