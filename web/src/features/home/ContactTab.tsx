import { type ContactInput, contactSchema, HOME_MESSAGES } from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "../../app/api.ts";
import { useSendContact } from "./api.ts";

const EMPTY: ContactInput = { name: "", email: "", subject: "", message: "" };

export function ContactTab() {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const sendContact = useSendContact();

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const res = await sendContact.mutateAsync(input);
      setResult({ ok: true, message: res.message });
      form.reset(EMPTY);
    } catch (err) {
      setResult({
        ok: false,
        message: err instanceof ApiError ? err.message : HOME_MESSAGES.contactFailed,
      });
    }
  });

  const field = (name: keyof ContactInput) => ({
    ...form.register(name),
    error: !!errors[name],
    helperText: errors[name]?.message,
  });

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Contact the station
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          {result && <Alert severity={result.ok ? "success" : "error"}>{result.message}</Alert>}
          <TextField label="Name" autoComplete="name" {...field("name")} />
          <TextField label="E-mail" type="email" autoComplete="email" {...field("email")} />
          <TextField label="Subject" {...field("subject")} />
          <TextField label="Message" multiline minRows={4} {...field("message")} />
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            sx={{ alignSelf: "flex-start" }}
          >
            Send
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
