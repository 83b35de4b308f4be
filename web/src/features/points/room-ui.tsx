import { defineRoomUi } from "../chat/room/ui.ts";
import { MyPoints } from "./MyPoints.tsx";

/** Points in the chat room's screen: the member's own points in the header. */
export const pointsRoomUi = defineRoomUi({
  name: "points",
  header: ({ me }) => <MyPoints meId={me._id} />,
});
