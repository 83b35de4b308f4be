/**
 * A member's name in their name tag style (chat spec 3), for the chat room, the profile and the
 * customiser's preview: the styling is parsed with the contract's strict `nameTagStyleSchema`
 * and an invalid one is ignored (plain name). One implementation, the chat room's.
 */
export { ChatNameTag as NameTag } from "../ChatNameTag.tsx";
