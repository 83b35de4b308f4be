import {
  AUTH_MESSAGES,
  BAN_REASONS,
  type LoginInput,
  loginSchema,
  PATHS,
  STORAGE_KEYS,
} from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, Link, Stack } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router";
import { ApiError } from "../../app/api.ts";
import { takeRedirectAfterLogin } from "../../app/session.ts";
import { AuthLayout } from "../../ui/AuthLayout.tsx";
import type { DialogMessage } from "../../ui/MessageDialog.tsx";
import { OutlinedTextField } from "../../ui/OutlinedTextField.tsx";
import { authApi } from "./api.ts";
import { forgetBan, rememberBan } from "./ban-record.ts";

// The dialogs load when first needed (a failed sign-in, "Forgot Password?"), not with the page: the
// login page's first load stays within its budget (web/scripts/report-size.mjs).
const loadMessageDialog = () => import("../../ui/MessageDialog.tsx");
const MessageDialog = lazy(async () => ({ default: (await loadMessageDialog()).MessageDialog }));
const loadForgotDialog = () => import("./ForgotPasswordDialog.tsx");
const ForgotPasswordDialog = lazy(async () => ({
  default: (await loadForgotDialog()).ForgotPasswordDialog,
}));

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogMessage | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  // Once shown, a dialog stays mounted so that it closes with its transition like any other.
  const [messageUsed, setMessageUsed] = useState(false);
  const [forgotUsed, setForgotUsed] = useState(false);
  const showDialog = (message: DialogMessage) => {
    setMessageUsed(true);
    setDialog(message);
  };
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    // Fetched alongside the request, so that a refusal is shown without a further wait.
    void loadMessageDialog();
    try {
      const res = await authApi.login(input);
      localStorage.setItem(STORAGE_KEYS.userId, res.userid);
      forgetBan();
      await queryClient.invalidateQueries({ queryKey: ["auth"] });
      navigate(takeRedirectAfterLogin(), { replace: true });
    } catch (err) {
      const reason = err instanceof ApiError ? err.body.reason : undefined;
      const ban = BAN_REASONS.find((r) => r === reason);
      if (err instanceof ApiError && ban) {
        navigate(rememberBan({ ...err.body, reason: ban }), { replace: true });
        return;
      }
      showDialog({
        title: AUTH_MESSAGES.loginFailedTitle,
        message: err instanceof ApiError ? err.message : AUTH_MESSAGES.loginFailed,
      });
    }
  });

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to chat, book slots and follow your favourite DJs."
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <OutlinedTextField
            label="Username"
            autoComplete="username"
            autoFocus
            {...form.register("username")}
            error={!!errors.username}
            helperText={errors.username?.message}
          />
          <OutlinedTextField
            label="Password"
            type="password"
            autoComplete="current-password"
            {...form.register("password")}
            error={!!errors.password}
            helperText={errors.password?.message}
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {isSubmitting ? "Signing in…" : "Login"}
          </Button>
          <Stack direction="row" sx={{ justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
            <Link
              component="button"
              type="button"
              onPointerEnter={() => void loadForgotDialog()}
              onFocus={() => void loadForgotDialog()}
              onClick={() => {
                setForgotUsed(true);
                setForgotOpen(true);
              }}
            >
              Forgot Password?
            </Link>
            <Link component={RouterLink} to={PATHS.register}>
              Create Account
            </Link>
          </Stack>
        </Stack>
      </Box>
      <Suspense fallback={null}>
        {forgotUsed && (
          <ForgotPasswordDialog
            open={forgotOpen}
            onClose={() => setForgotOpen(false)}
            onResult={showDialog}
          />
        )}
        {messageUsed && <MessageDialog value={dialog} onClose={() => setDialog(null)} />}
      </Suspense>
    </AuthLayout>
  );
}
