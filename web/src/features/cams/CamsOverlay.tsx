import { MessageDialog } from "../../ui/MessageDialog.tsx";
import type { RoomUiProps } from "../chat/room/ui.ts";
import { useCams } from "./hooks.ts";

/**
 * The room's overlay for the cams: their errors (chat spec 8), whichever panel raised them, in the
 * app's titled alert dialog ('Camera Test Failed' lists its tips).
 */
export function CamsOverlay({ me }: RoomUiProps) {
  const { cams, view } = useCams(me._id);
  return <MessageDialog value={view.alert} onClose={() => cams?.dismissAlert()} />;
}
