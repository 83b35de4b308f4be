import type { Feature } from "../../platform/feature.ts";
import { camsChat } from "./chat.ts";
import { janusLinkService } from "./janus-link.ts";

/**
 * Cams (issue 19): members show their webcams in the chat room and watch each other's through
 * Janus's VideoRoom, signalled over the chat socket. Nothing is stored: who is on cam is Janus's.
 */
export const camsFeature: Feature = {
  name: "cams",
  chat: camsChat,
  services: [janusLinkService],
};
