import { AUTH_MESSAGES, PATHS, passwordSchema } from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Link, Paper, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useParams } from "react-router";
import { z } from "zod";
import { ApiError } from "../../app/api.ts";
import { authApi } from "./api.ts";

const schema = z.object({ password: passwordSchema });

export function ResetPasswordPage() {
  const { key = "" } = useParams();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<{ password: string }>({
    resolver: zodResolver(schema),
    defaultValues: { password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const res = await authApi.resetPassword(key, password);
      setResult({ ok: true, message: res.message });
      form.reset();
    } catch (err) {
      setResult({
        ok: false,
        message: err instanceof ApiError ? err.message : AUTH_MESSAGES.resetInvalid,
      });
    }
  });

  return (
    <Paper sx={{ maxWidth: 440, mx: "auto", p: { xs: 2.5, sm: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Choose a new password
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          {result && <Alert severity={result.ok ? "success" : "error"}>{result.message}</Alert>}
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            {...form.register("password")}
            error={!!errors.password}
            helperText={errors.password?.message}
            disabled={result?.ok}
          />
          <Button type="submit" variant="contained" disabled={isSubmitting || result?.ok}>
            Reset Password
          </Button>
          <Link component={RouterLink} to={PATHS.login}>
            Back to Login
          </Link>
        </Stack>
      </Box>
    </Paper>
  );
}
