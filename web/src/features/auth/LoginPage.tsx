import {
  AUTH_MESSAGES,
  BAN_REASONS,
  type BanReason,
  type LoginInput,
  loginSchema,
  PATHS,
  STORAGE_KEYS,
} from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, Link, Stack, TextField } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router";
import { ApiError } from "../../app/api.ts";
import { takeRedirectAfterLogin } from "../../app/session.ts";
import { AuthLayout } from "../../ui/AuthLayout.tsx";
import { type DialogMessage, MessageDialog } from "../../ui/MessageDialog.tsx";
import { authApi } from "./api.ts";
import { bannedPageUrl } from "./banned-url.ts";
import { ForgotPasswordDialog } from "./ForgotPasswordDialog.tsx";

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogMessage | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const res = await authApi.login(input);
      localStorage.setItem(STORAGE_KEYS.userId, res.userid);
      await queryClient.invalidateQueries({ queryKey: ["auth"] });
      navigate(takeRedirectAfterLogin(), { replace: true });
    } catch (err) {
      const reason = err instanceof ApiError ? err.body.reason : undefined;
      if (err instanceof ApiError && BAN_REASONS.includes(reason as BanReason)) {
        navigate(bannedPageUrl(err.body as Parameters<typeof bannedPageUrl>[0]), { replace: true });
        return;
      }
      setDialog({
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
          <TextField
            label="Username"
            autoComplete="username"
            autoFocus
            {...form.register("username")}
            error={!!errors.username}
            helperText={errors.username?.message}
          />
          <TextField
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
            <Link component="button" type="button" onClick={() => setForgotOpen(true)}>
              Forgot Password?
            </Link>
            <Link component={RouterLink} to={PATHS.register}>
              Create Account
            </Link>
          </Stack>
        </Stack>
      </Box>
      <ForgotPasswordDialog
        open={forgotOpen}
        onClose={() => setForgotOpen(false)}
        onResult={setDialog}
      />
      <MessageDialog value={dialog} onClose={() => setDialog(null)} />
    </AuthLayout>
  );
}
