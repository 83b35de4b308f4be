import {
  ADMIN_LIMITS,
  ADMIN_TEXTS,
  EFFECT_MESSAGES,
  type ThemeSettingsUpdate,
} from "@airwave/contracts";
import { FormControlLabel, Paper, Stack, Switch, Typography } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { storeThemeSettings, themeSettingsKey, useThemeSettings } from "../effects/index.ts";
import { adminApi } from "./api.ts";

/**
 * Tab 3, theme controls (admin spec 4): every change is saved at once; the server applies the
 * rules (christmas turns bonfire off; snow and rope lights only while christmas is active) and
 * broadcasts the result.
 */
export function ThemeControls() {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const settings = useThemeSettings();
  const save = useMutation({
    mutationFn: (change: ThemeSettingsUpdate) => adminApi.saveTheme(change),
    onSuccess: ({ settings: saved }) => {
      storeThemeSettings(saved);
      qc.setQueryData(themeSettingsKey, saved);
      enqueueSnackbar(EFFECT_MESSAGES.themeSaved, {
        variant: "success",
        autoHideDuration: ADMIN_LIMITS.themeSavedToastMs,
      });
    },
    onError: () =>
      enqueueSnackbar(EFFECT_MESSAGES.themeSaveFailed, {
        variant: "error",
        autoHideDuration: ADMIN_LIMITS.themeFailedToastMs,
      }),
  });
  const christmas = settings.christmas.enabled;
  const busy = save.isPending;
  const toggle = (
    label: string,
    checked: boolean,
    change: (v: boolean) => ThemeSettingsUpdate,
    disabled = false,
  ) => (
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          disabled={busy || disabled}
          onChange={(e) => save.mutate(change(e.target.checked))}
        />
      }
      label={label}
    />
  );

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {ADMIN_TEXTS.themeTitle}
        </Typography>
        <Stack>
          {toggle(ADMIN_TEXTS.bonfireTheme, settings.bonfire.enabled, (enabled) => ({
            bonfire: { enabled },
          }))}
          <Stack sx={{ pl: 4 }}>
            {toggle(
              ADMIN_TEXTS.fireworks,
              settings.bonfire.fireworksEnabled,
              (fireworksEnabled) => ({
                bonfire: { fireworksEnabled },
              }),
            )}
          </Stack>
          {toggle(ADMIN_TEXTS.christmasTheme, christmas, (enabled) => ({
            christmas: { enabled },
          }))}
          <Stack sx={{ pl: 4 }}>
            {toggle(
              ADMIN_TEXTS.snow,
              settings.christmas.snowEnabled,
              (snowEnabled) => ({ christmas: { snowEnabled } }),
              !christmas,
            )}
            {toggle(
              ADMIN_TEXTS.ropeLights,
              settings.christmas.ropeLightsEnabled,
              (ropeLightsEnabled) => ({ christmas: { ropeLightsEnabled } }),
              !christmas,
            )}
          </Stack>
        </Stack>
        {!christmas && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {ADMIN_TEXTS.christmasOnlyNote}
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}
