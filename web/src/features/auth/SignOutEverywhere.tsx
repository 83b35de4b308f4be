import { AUTH_MESSAGES, PATHS } from "@airwave/contracts";
import { Alert, Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { ApiError } from "../../app/api.ts";
import { clearStoredSession } from "../../app/session.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { authApi } from "./api.ts";

/**
 * "Sign out everywhere" (the member's own settings): once confirmed, every session of the account
 * ends on the server, with every open page and connection on any device; this browser then forgets
 * its session and goes to the login page.
 */
export function SignOutEverywhere({
  leave = (url) => window.location.assign(url),
}: {
  /** Full navigation once signed out (tests pass a spy). */
  leave?: (url: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signOutEverywhere() {
    setBusy(true);
    setError(null);
    try {
      await authApi.logoutEverywhere();
    } catch (err) {
      setBusy(false);
      setConfirming(false);
      setError(err instanceof ApiError ? err.message : AUTH_MESSAGES.logoutFailed);
      return;
    }
    clearStoredSession();
    leave(PATHS.login);
  }

  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      {error && <Alert severity="error">{error}</Alert>}
      <Typography variant="body2" color="text.secondary">
        {AUTH_MESSAGES.signOutEverywhereHint}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
        {AUTH_MESSAGES.signOutEverywhere}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={AUTH_MESSAGES.signOutEverywhere}
        message={AUTH_MESSAGES.signOutEverywhereConfirm}
        confirmLabel={AUTH_MESSAGES.signOutEverywhere}
        busy={busy}
        onConfirm={() => void signOutEverywhere()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
