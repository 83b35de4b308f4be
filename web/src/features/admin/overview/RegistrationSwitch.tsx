import { ADMIN_TEXTS } from "@airwave/contracts";
import {
  Alert,
  CircularProgress,
  FormControlLabel,
  Paper,
  Switch,
  Typography,
} from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { failureMessage } from "../../tickets/hooks.ts";
import { adminApi, adminKeys } from "../api.ts";

/** Tab 0: the registration switch (admin spec 2; toasts from spec 8). */
export function RegistrationSwitch() {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const query = useQuery({
    queryKey: adminKeys.registration,
    queryFn: ({ signal }) => adminApi.registration(signal),
  });
  const save = useMutation({
    mutationFn: (enabled: boolean) => adminApi.setRegistration(enabled),
    onSuccess: (answer) => {
      qc.setQueryData(adminKeys.registration, answer);
      enqueueSnackbar(ADMIN_TEXTS.settingUpdated, { variant: "success" });
    },
    onError: (err) =>
      enqueueSnackbar(failureMessage(err, ADMIN_TEXTS.registrationFailed), { variant: "error" }),
  });
  const enabled = query.data?.registrationEnabled;

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {ADMIN_TEXTS.registrationTitle}
      </Typography>
      {query.isPending ? (
        <CircularProgress size={24} aria-label={ADMIN_TEXTS.registrationTitle} />
      ) : query.isError ? (
        <Alert severity="error">{ADMIN_TEXTS.registrationFailed}</Alert>
      ) : (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={!!enabled}
                disabled={save.isPending}
                onChange={(e) => save.mutate(e.target.checked)}
              />
            }
            label={ADMIN_TEXTS.registrationSwitch}
          />
          <Typography variant="body2" color="text.secondary">
            {enabled ? ADMIN_TEXTS.registrationOn : ADMIN_TEXTS.registrationOff}
          </Typography>
        </>
      )}
    </Paper>
  );
}
