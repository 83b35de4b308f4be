/**
 * What other features use of `users` (ARCHITECTURE: walls between features): the one rule for
 * reading another member's things, and the member policy.
 */
export { assertMayViewMember, usersPolicy } from "./policy.ts";
export { visibleMember } from "./service.ts";
