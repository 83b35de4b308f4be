import { MP3_MESSAGES, MP3_ROUTES, type Mp3Track } from "@airwave/contracts";
import { FormControlLabel, Switch } from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { ApiError, call } from "../../app/api.ts";

interface RotationToggleProps {
  track: Pick<Mp3Track, "_id" | "trackName" | "inRotation">;
  /** The track as the server answered it (the row shows the new flag). */
  onChanged?: (track: Mp3Track) => void;
}

/**
 * The admin MP3 library row's "On air" switch, labelled with the track's state ("In rotation" or
 * "Off air") (issue 18, "On air"): puts the track into the
 * bundled station's Auto DJ rotation or takes it out (Admin only: show it to Admins).
 */
export function RotationToggle({ track, onChanged }: RotationToggleProps) {
  const { enqueueSnackbar } = useSnackbar();
  const change = useMutation({
    mutationFn: (inRotation: boolean) =>
      call(MP3_ROUTES.rotation, { params: { id: track._id }, body: { inRotation } }),
    onSuccess: (answer) => {
      enqueueSnackbar(answer.message, { variant: "success" });
      onChanged?.(answer.track);
    },
    onError: (err) =>
      enqueueSnackbar(err instanceof ApiError ? err.message : MP3_MESSAGES.rotationFailed, {
        variant: "error",
      }),
  });
  const checked = change.isPending ? Boolean(change.variables) : track.inRotation;
  return (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={checked}
          disabled={change.isPending}
          onChange={(e) => change.mutate(e.target.checked)}
          slotProps={{
            input: { "aria-label": `${MP3_MESSAGES.inRotationLabel}: ${track.trackName}` },
          }}
        />
      }
      label={checked ? MP3_MESSAGES.inRotationLabel : MP3_MESSAGES.offAirLabel}
    />
  );
}
