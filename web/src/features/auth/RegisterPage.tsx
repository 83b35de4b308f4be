import { AUTH_MESSAGES, PATHS, type RegisterForm, registerFormSchema } from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  TextField,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router";
import { ApiError } from "../../app/api.ts";
import { AuthLayout } from "../../ui/AuthLayout.tsx";
import { type DialogMessage, MessageDialog } from "../../ui/MessageDialog.tsx";
import { authApi } from "./api.ts";

const EMPTY: RegisterForm = {
  username: "",
  email: "",
  password: "",
  confirmPassword: "",
  terms: false,
};

export function RegisterPage() {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<(DialogMessage & { afterClose?: () => void }) | null>(null);
  const status = useQuery({
    queryKey: ["registration", "status"],
    queryFn: authApi.registrationStatus,
  });
  const disabled = status.data?.registrationEnabled === false;
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const terms = form.watch("terms");

  const onSubmit = form.handleSubmit(
    async ({ username, email, password }) => {
      try {
        const res = await authApi.register({ username, email, password });
        if (!res.token) throw new Error(AUTH_MESSAGES.registrationFailed);
        form.reset(EMPTY);
        setDialog({
          title: AUTH_MESSAGES.registrationSuccessTitle,
          message: AUTH_MESSAGES.registrationSuccess,
          afterClose: () => navigate(PATHS.login),
        });
      } catch (err) {
        if (err instanceof ApiError && err.message === AUTH_MESSAGES.registrationsDisabled) {
          setDialog({ title: AUTH_MESSAGES.registrationsDisabledTitle, message: err.message });
          void status.refetch();
          return;
        }
        setDialog({
          title: AUTH_MESSAGES.registrationFailedTitle,
          message: err instanceof ApiError ? err.message : AUTH_MESSAGES.registrationFailed,
        });
      }
    },
    (invalid) => {
      const onlyMismatch =
        Object.keys(invalid).length === 1 &&
        invalid.confirmPassword?.message === AUTH_MESSAGES.passwordMismatch;
      setDialog(
        onlyMismatch
          ? { title: AUTH_MESSAGES.passwordMismatchTitle, message: AUTH_MESSAGES.passwordMismatch }
          : { title: AUTH_MESSAGES.registrationFailedTitle, message: AUTH_MESSAGES.formInvalid },
      );
    },
  );

  const field = (name: "username" | "email" | "password" | "confirmPassword") => ({
    ...form.register(name),
    error: !!errors[name],
    helperText: errors[name]?.message,
    disabled,
  });

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Join the station: chat during live DJ sets, book your own slot and meet the community."
    >
      {disabled && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{AUTH_MESSAGES.registrationsDisabledTitle}</AlertTitle>
          {AUTH_MESSAGES.registrationsDisabled}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <TextField label="Username" autoComplete="username" {...field("username")} />
          <TextField label="E-mail" type="email" autoComplete="email" {...field("email")} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            {...field("password")}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            {...field("confirmPassword")}
          />
          <Box>
            <FormControlLabel
              control={<Checkbox {...form.register("terms")} checked={terms} disabled={disabled} />}
              label={
                <>
                  I accept the{" "}
                  <Link component={RouterLink} to={`${PATHS.home}?tab=about`} target="_blank">
                    terms and community guidelines
                  </Link>
                </>
              }
            />
            {errors.terms && <FormHelperText error>{errors.terms.message}</FormHelperText>}
          </Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={disabled || !terms || isSubmitting}
          >
            {isSubmitting ? "Creating account…" : "Create Account"}
          </Button>
          <Box sx={{ textAlign: "center" }}>
            Already a member?{" "}
            <Link component={RouterLink} to={PATHS.login}>
              Sign In
            </Link>
          </Box>
        </Stack>
      </Box>
      <MessageDialog
        value={dialog}
        onClose={() => {
          dialog?.afterClose?.();
          setDialog(null);
        }}
      />
    </AuthLayout>
  );
}
