import { POINTS_UI_TEXTS as P, POINTS_SERVER_EVENTS } from "@airwave/contracts";
import StarsOutlinedIcon from "@mui/icons-material/StarsOutlined";
import { Chip, Tooltip } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRoomEvent, useRoomState } from "../chat/room/hooks.ts";
import { pointsApi, pointsKeys } from "./api.ts";

/**
 * The member's own points this month in the chat room's header (chat spec 1; community spec 7:
 * `GET /me/points`). Until that answers, the points the room carries in the member's own entry of
 * the user list; then every change the server pushes to the member (`points-changed`: a reward, a
 * grant, a wager), and a fresh read when the window gets the focus back. `compact` (a phone's
 * header) shows the number alone.
 */
export function MyPoints({ meId, compact = false }: { meId: string; compact?: boolean }) {
  const qc = useQueryClient();
  const { users } = useRoomState("users");
  const fromRoom = users.find((u) => u._id === meId)?.points;
  const query = useQuery({
    queryKey: pointsKeys.mine,
    queryFn: ({ signal }) => pointsApi.mine(signal),
    refetchOnWindowFocus: true,
  });
  useRoomEvent(POINTS_SERVER_EVENTS.changed, (event) => {
    if (typeof event?.points === "number")
      qc.setQueryData(pointsKeys.mine, { points: event.points });
  });

  const points = query.data?.points ?? fromRoom;
  if (points === undefined) return null;
  // The tooltip's title also names the chip for assistive technology.
  return (
    <Tooltip title={P.myPointsLabel(points)}>
      <Chip
        size="small"
        variant="outlined"
        color="secondary"
        icon={<StarsOutlinedIcon />}
        label={compact ? P.myPointsShort(points) : P.myPoints(points)}
        sx={{ mr: 0.5, fontWeight: 700 }}
      />
    </Tooltip>
  );
}
