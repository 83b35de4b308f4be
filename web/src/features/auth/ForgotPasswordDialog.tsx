import { AUTH_MESSAGES, forgotPasswordSchema } from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from "@mui/material";
import { useForm } from "react-hook-form";
import { ApiError } from "../../app/api.ts";
import type { DialogMessage } from "../../ui/MessageDialog.tsx";
import { authApi } from "./api.ts";

export function ForgotPasswordDialog({
  open,
  onClose,
  onResult,
}: {
  open: boolean;
  onClose: () => void;
  onResult: (message: DialogMessage) => void;
}) {
  const form = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const res = await authApi.forgotPassword(email);
      onResult({ title: AUTH_MESSAGES.forgotSentTitle, message: res.msg });
      form.reset();
      onClose();
    } catch (err) {
      onResult({
        title: AUTH_MESSAGES.errorTitle,
        message: err instanceof ApiError ? err.message : AUTH_MESSAGES.loginFailed,
      });
    }
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="forgot-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="forgot-title">{AUTH_MESSAGES.forgotTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{AUTH_MESSAGES.forgotPrompt}</DialogContentText>
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            fullWidth
            autoFocus
            {...form.register("email")}
            error={!!errors.email}
            helperText={errors.email?.message}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Send Reset Link
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
