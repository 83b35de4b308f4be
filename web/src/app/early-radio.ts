import { startRadioWhenSignedIn } from "../features/radio/autostart.ts";
import { appQueryClient } from "./queryClient.ts";

/**
 * The entry's first request (issue 27: the radio sounds within a second of the page load): a member
 * who listened before gets the stream with the session check, while the app's own code is still on
 * its way; the guard then reads the same answer from the shared query cache.
 */
export const startEarlyRadio = () => startRadioWhenSignedIn(appQueryClient());
