import { type ApplyDjValues, DJ_MESSAGES } from "@airwave/contracts";
import HeadphonesIcon from "@mui/icons-material/Headphones";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { ApiError } from "../../app/api.ts";
import { type DialogMessage, MessageDialog } from "../../ui/MessageDialog.tsx";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { ApplicationSummary } from "./ApplicationSummary.tsx";
import { ApplyDjForm } from "./ApplyDjForm.tsx";
import { djApi } from "./api.ts";
import { djKeys, useMyDjApp } from "./hooks.ts";
import { StreamingCredentials, StreamingServer } from "./StreamingPanels.tsx";

/** 'Submitting Application' / 'Please wait...': open while the application is on its way. */
function SubmittingDialog({ open }: { open: boolean }) {
  const id = useId();
  return (
    <Dialog open={open} aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`} maxWidth="xs">
      <DialogTitle id={`${id}-t`}>{DJ_MESSAGES.submittingTitle}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <CircularProgress size={24} aria-hidden />
          <DialogContentText id={`${id}-d`}>{DJ_MESSAGES.submitting}</DialogContentText>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

/** The server's message field when it sent one, else the spec's generic text. */
function failureMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return DJ_MESSAGES.submitFailed;
  const said = ["message", "msg", "error"].some((k) => typeof err.body[k] === "string");
  return said ? err.message : DJ_MESSAGES.submitFailed;
}

const panel = { p: { xs: 2, sm: 3 } } as const;

/**
 * /ApplyDj (community spec 2, 4, 8): with no application the form; with one, its read-only summary.
 * An approved applicant also sees their streaming details; the streaming server is always shown.
 */
export function ApplyDjPage() {
  const qc = useQueryClient();
  const mine = useMyDjApp();
  const [submitting, setSubmitting] = useState(false);
  const [dialog, setDialog] = useState<DialogMessage | null>(null);
  const [applyAgain, setApplyAgain] = useState(false);

  const submit = async (values: ApplyDjValues): Promise<boolean> => {
    setSubmitting(true);
    try {
      await djApi.apply(values);
      await qc.invalidateQueries({ queryKey: djKeys.mine });
      setApplyAgain(false);
      setDialog({ title: DJ_MESSAGES.submittedTitle, message: DJ_MESSAGES.submitted });
      return true;
    } catch (err) {
      setDialog({ title: DJ_MESSAGES.submitFailedTitle, message: failureMessage(err) });
      // Another tab may have applied meanwhile (409): show what the server holds.
      if (err instanceof ApiError && err.status === 409) {
        void qc.invalidateQueries({ queryKey: djKeys.mine });
      }
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  let body: ReactNode;
  if (mine.isPending) {
    body = <PageLoader />;
  } else if (mine.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => mine.refetch()}>
            Retry
          </Button>
        }
      >
        {DJ_MESSAGES.loadFailed}
      </Alert>
    );
  } else {
    const data = mine.data;
    const showForm = data.status === null || (data.status === "rejected" && applyAgain);
    body = (
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <Paper sx={panel}>
          {showForm ? (
            <Stack spacing={2.5}>
              <Typography color="text.secondary">{DJ_MESSAGES.intro}</Typography>
              <ApplyDjForm onSubmit={submit} />
              {applyAgain && (
                <Box>
                  <Button onClick={() => setApplyAgain(false)}>Cancel</Button>
                </Box>
              )}
            </Stack>
          ) : (
            data.status !== null && (
              <ApplicationSummary
                application={data}
                action={
                  data.status === "rejected" ? (
                    <Box>
                      <Button variant="contained" onClick={() => setApplyAgain(true)}>
                        Apply Again
                      </Button>
                    </Box>
                  ) : undefined
                }
              />
            )
          )}
        </Paper>
        {data.status === "approved" && data.radioUsername && (
          <Paper sx={panel}>
            <StreamingCredentials
              radioUsername={data.radioUsername}
              radioPassword={data.radioPassword}
            />
          </Paper>
        )}
        <Paper sx={panel}>
          <StreamingServer streaming={data.streaming} />
        </Paper>
      </Stack>
    );
  }

  return (
    <Box sx={{ maxWidth: 820, mx: "auto" }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: { xs: 2, sm: 3 } }}>
        <HeadphonesIcon color="primary" fontSize="large" aria-hidden />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Apply DJ
        </Typography>
      </Stack>
      {body}
      <SubmittingDialog open={submitting} />
      <MessageDialog value={dialog} onClose={() => setDialog(null)} />
    </Box>
  );
}
