import { isAdminRole } from "@airwave/contracts";
import { AppError, forbidden } from "./errors.ts";

/**
 * Authorization's one shape. Features keep their policies pure (tables of actor x action x record,
 * tested as tables); a service asks `authorize(policy, action, ...args)` and gets either nothing or
 * the one refusal error, `AppError(status, message)`.
 */

/** Why an action is refused: the status and the contract's message (plus extra answer fields). */
export interface Refusal {
  status: number;
  message: string;
  extra?: Record<string, unknown>;
}

/**
 * A policy's answer: `true` or `null` allows; `false` refuses with 403 and the generic message; a
 * `Refusal` refuses with its own status and message.
 */
export type Decision = boolean | Refusal | null;

/** Turns a policy's refusal into the error the services throw. */
export const refusalError = (r: Refusal) => new AppError(r.status, r.message, r.extra);

/** An actor as the role checks see it: anyone signed in, or nobody. */
type RoleActor = { role: string } | null | undefined;

/** The "Admin only" rule (decisions "Roles and powers"): the one definition the admin policies use. */
export const adminOnly = (actor: RoleActor): boolean => !!actor && isAdminRole(actor.role);

// biome-ignore lint/suspicious/noExplicitAny: a policy's actions take whatever their records are.
type PolicyTable = Record<string, (...args: any[]) => Decision>;

/** Asks `policy[action](...args)`; throws its refusal (403 for a bare `false`), else returns. */
export function authorize<P extends PolicyTable, A extends keyof P & string>(
  policy: P,
  action: A,
  ...args: Parameters<P[A]>
): void {
  const decision = policy[action]?.(...args) ?? null;
  if (decision === true || decision === null) return;
  throw decision === false ? forbidden() : refusalError(decision);
}
