import { CHAT_SERVER_EVENTS as OUT, POINTS_UI_TEXTS as P } from "@airwave/contracts";
import StarsOutlinedIcon from "@mui/icons-material/StarsOutlined";
import { Chip, Tooltip } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useRoomEvent, useRoomState } from "../chat/room/hooks.ts";
import { pointsApi, pointsKeys } from "./api.ts";

/** How often the chat re-reads the member's points while open (grants and removals are not pushed). */
export const MY_POINTS_REFRESH_MS = 60_000;
/** After the member's own message, the wait before re-reading (the point is written after posting). */
export const MY_POINTS_AFTER_MESSAGE_MS = 1_500;

/**
 * The member's own points this month in the chat room's header (chat spec 1; community spec 7:
 * `GET /me/points`). Until that answers, the points the room carries in the member's own entry of
 * the user list; re-read after each of their messages, on focus, and every minute. `compact` (a
 * phone's header) shows the number alone.
 */
export function MyPoints({ meId, compact = false }: { meId: string; compact?: boolean }) {
  const qc = useQueryClient();
  const { users } = useRoomState();
  const fromRoom = users.find((u) => u._id === meId)?.points;
  const query = useQuery({
    queryKey: pointsKeys.mine,
    queryFn: ({ signal }) => pointsApi.mine(signal),
    refetchInterval: MY_POINTS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useRoomEvent(OUT.message, (message) => {
    if (message?.senderId !== meId) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void qc.invalidateQueries({ queryKey: pointsKeys.mine }),
      MY_POINTS_AFTER_MESSAGE_MS,
    );
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
