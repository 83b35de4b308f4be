import {
  ADMIN_USER_ROLES,
  ADMIN_USERS_MESSAGES,
  type AdminCreateUser,
  type AdminCreateUserInput,
  adminCreateUserSchema,
  ADMIN_USERS_TEXTS as T,
} from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, MenuItem, Stack, TextField } from "@mui/material";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { failureMessage } from "../../tickets/hooks.ts";
import { AdminDialog } from "../ui/AdminDialog.tsx";
import { usersApi } from "./api.ts";

const EMPTY: AdminCreateUserInput = { username: "", email: "", password: "", role: "user" };

/** The create-user dialog (admin spec 5): the contracts schema, its exact messages, 201 expected. */
export function CreateUserDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<AdminCreateUserInput, unknown, AdminCreateUser>({
    resolver: zodResolver(adminCreateUserSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    setServerError(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await usersApi.create(values);
      enqueueSnackbar(ADMIN_USERS_MESSAGES.created, { variant: "success" });
      onCreated();
      close();
    } catch (err) {
      const message = failureMessage(err, ADMIN_USERS_MESSAGES.createFailed);
      setServerError(message);
      enqueueSnackbar(message, { variant: "error" });
    }
  });

  return (
    <AdminDialog
      open={open}
      onClose={close}
      maxWidth="xs"
      title={T.createTitle}
      onSubmit={onSubmit}
      actions={
        <>
          <Button onClick={close}>{T.cancel}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {T.create}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {serverError ? <Alert severity="error">{serverError}</Alert> : null}
        <TextField
          label={T.username}
          autoComplete="off"
          autoFocus
          required
          {...form.register("username")}
          error={!!errors.username}
          helperText={errors.username?.message}
        />
        <TextField
          label={T.email}
          type="email"
          autoComplete="off"
          required
          {...form.register("email")}
          error={!!errors.email}
          helperText={errors.email?.message}
        />
        <TextField
          label={T.password}
          type="password"
          autoComplete="new-password"
          required
          {...form.register("password")}
          error={!!errors.password}
          helperText={errors.password?.message}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <TextField
              select
              label={T.role}
              required
              value={field.value ?? "user"}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!errors.role}
              helperText={errors.role?.message}
            >
              {ADMIN_USER_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {T.roleLabels[role]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
    </AdminDialog>
  );
}
