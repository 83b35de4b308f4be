import { Alert, Snackbar } from "@mui/material";
import { useEffect, useState } from "react";

/** A game's latest error from the server; `key` tells a repeated message apart. */
export interface GameError {
  key: number;
  message: string;
}

/** Shows each error of a game (chat spec 8: the server's text in an alert), until closed or 6 s. */
export function GameErrorAlert({ error }: { error: GameError | null | undefined }) {
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (error) setShown(error.key);
  }, [error]);
  const open = !!error && shown === error.key;
  return (
    <Snackbar
      key={error?.key}
      open={open}
      autoHideDuration={6_000}
      onClose={(_, reason) => {
        if (reason !== "clickaway") setShown(null);
      }}
      anchorOrigin={{ vertical: "top", horizontal: "center" }}
    >
      <Alert severity="error" variant="filled" onClose={() => setShown(null)}>
        {error?.message}
      </Alert>
    </Snackbar>
  );
}
