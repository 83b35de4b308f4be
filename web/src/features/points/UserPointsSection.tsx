import {
  type AdminUserPoints,
  adminPointsGrantSchema,
  POINTS_MESSAGES as M,
  POINTS_UI_TEXTS as P,
  ADMIN_USERS_TEXTS as T,
} from "@airwave/contracts";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useState } from "react";
import { failureMessage } from "../tickets/hooks.ts";
import { pointsApi, pointsKeys } from "./api.ts";

/** The admin's typed amount as a grant, or the spec's message when it is not a non-zero integer. */
export function parseDelta(raw: string): { delta: number } | { error: string } {
  const text = raw.trim();
  // Only plain integers: "1e3", "0x10" and "12abc" are not what the admin typed as a number.
  if (!/^[+-]?\d+$/.test(text)) return { error: M.nonZeroInteger };
  const parsed = adminPointsGrantSchema.safeParse({ delta: Number(text) });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? M.nonZeroInteger };
  return { delta: parsed.data.delta };
}

/**
 * The user dialog's points and scoreboard controls (admin spec 2 and 5, Tab 1): the member's points
 * this month, a grant or removal (a non-zero integer), and the scoreboard exclusion switch.
 */
export function UserPointsSection({ userId }: { userId: string }) {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [raw, setRaw] = useState("");
  const [error, setError] = useState<string | null>(null);
  const key = pointsKeys.user(userId);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => pointsApi.ofUser(userId, signal),
  });

  const store = (answer: AdminUserPoints) =>
    qc.setQueryData<AdminUserPoints>(key, {
      userId: answer.userId,
      points: answer.points,
      excludeFromScoreboard: answer.excludeFromScoreboard,
    });

  const grant = useMutation({
    mutationFn: (delta: number) => pointsApi.grant(userId, delta),
    onSuccess: (answer) => {
      store(answer);
      setRaw("");
      // The server's words: "Points updated", or how many a larger removal could take.
      const partly = answer.message !== M.pointsUpdated;
      enqueueSnackbar(answer.message, { variant: partly ? "warning" : "success" });
    },
    // The spec: "Failed to update points (or the server message)".
    onError: (err) => enqueueSnackbar(failureMessage(err, M.pointsFailed), { variant: "error" }),
  });
  const exclusion = useMutation({
    mutationFn: (excluded: boolean) => pointsApi.setExcluded(userId, excluded),
    onSuccess: (answer) => {
      store(answer);
      enqueueSnackbar(M.scoreboardUpdated, { variant: "success" });
    },
    onError: () => enqueueSnackbar(M.scoreboardFailed, { variant: "error" }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseDelta(raw);
    if ("error" in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    grant.mutate(parsed.delta);
  };

  const data = query.data;
  return (
    <Box>
      {query.isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1.5 }}>
          <CircularProgress size={16} aria-label={P.pointsLoading} />
          <Typography variant="body2" color="text.secondary">
            {P.pointsLoading}
          </Typography>
        </Stack>
      ) : query.isError ? (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {failureMessage(query.error, P.pointsLoadFailed)}
        </Alert>
      ) : data ? (
        <Typography sx={{ mb: 1.5 }} aria-live="polite">
          {P.currentPoints}:{" "}
          <Box component="strong" data-testid="admin-user-points">
            {data.points.toLocaleString("en-GB")}
          </Box>
        </Typography>
      ) : null}
      <Box component="form" noValidate onSubmit={submit} aria-label={T.grantPoints}>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={1}
          sx={{ alignItems: { xs: "stretch", sm: "flex-start" } }}
        >
          <TextField
            size="small"
            label={P.deltaLabel}
            value={raw}
            onChange={(e) => {
              setRaw(e.target.value);
              if (error) setError(null);
            }}
            error={!!error}
            helperText={error ?? P.deltaHelp}
            disabled={grant.isPending}
            slotProps={{ htmlInput: { inputMode: "numeric", "aria-invalid": !!error } }}
            sx={{ width: { xs: "100%", sm: 240 } }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={grant.isPending}
            sx={{ height: 40, flexShrink: 0 }}
          >
            {grant.isPending ? <CircularProgress size={20} /> : P.apply}
          </Button>
        </Stack>
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={data?.excludeFromScoreboard ?? false}
            disabled={!data || exclusion.isPending}
            onChange={(_e, checked) => exclusion.mutate(checked)}
          />
        }
        label={T.excludeScoreboard}
      />
      {data?.excludeFromScoreboard ? (
        <Typography variant="body2" color="text.secondary">
          {P.excludedNote}
        </Typography>
      ) : null}
    </Box>
  );
}
