/**
 * The users table is an identity concept shared with the platform (sessions, request auth, sockets),
 * so it is defined there; features keep importing it from here, their own vocabulary.
 */
export { type UserRow, users } from "../../platform/identity/users.schema.ts";
