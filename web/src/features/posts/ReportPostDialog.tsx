import { POST_LIMITS, POST_MESSAGES, REPORT_REASONS, type ReportReason } from "@airwave/contracts";
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { CharCounter } from "./CharCounter.tsx";
import { useReportPost } from "./hooks.ts";

const reasonLabel = (r: ReportReason) => r.charAt(0).toUpperCase() + r.slice(1);

/** Reports a post: one reason pill (required), optional detail up to 500 characters. */
export function ReportPostDialog({
  postId,
  open,
  onClose,
}: {
  postId: string;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-t`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-t`}>Report post</DialogTitle>
      <ReportForm postId={postId} onClose={onClose} />
    </Dialog>
  );
}

function ReportForm({ postId, onClose }: { postId: string; onClose: () => void }) {
  const id = useId();
  const report = useReportPost();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState("");

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason) return;
    try {
      await report.mutateAsync({ postId, reason, detail: detail.trim() });
    } catch {
      // Logged by the hook; the spec shows no message for a failed report.
    }
    onClose();
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 0 }}>
        <Typography id={`${id}-r`} variant="subtitle2" sx={{ mb: 1 }}>
          Reason
        </Typography>
        <Box
          role="group"
          aria-labelledby={`${id}-r`}
          sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}
        >
          {REPORT_REASONS.map((r) => (
            <Chip
              key={r}
              label={reasonLabel(r)}
              clickable
              aria-pressed={reason === r}
              color={reason === r ? "primary" : "default"}
              variant={reason === r ? "filled" : "outlined"}
              onClick={() => setReason(r)}
            />
          ))}
        </Box>
        {!reason && (
          <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 1 }}>
            {POST_MESSAGES.reportReasonRequired}
          </Typography>
        )}
        <TextField
          label="Details (optional)"
          multiline
          minRows={3}
          fullWidth
          value={detail}
          onChange={(e) => setDetail(e.target.value)}
          slotProps={{
            htmlInput: { maxLength: POST_LIMITS.reportDetailMax, "aria-describedby": `${id}-c` },
          }}
          sx={{ mt: 2 }}
        />
        <Box sx={{ textAlign: "right", mt: 0.5 }}>
          <CharCounter id={`${id}-c`} count={detail.length} max={POST_LIMITS.reportDetailMax} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={!reason || report.isPending}
        >
          Submit report
        </Button>
      </DialogActions>
    </form>
  );
}
