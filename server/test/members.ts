import { Agent } from "./agent.ts";
import type { TestApp } from "./app.ts";
import { type BuiltUser, buildUser } from "./factories.ts";

/** A member with their own browser (an `Agent`), signed in through the login call. */
export interface SignedInMember extends BuiltUser {
  agent: Agent;
}

/** Builds a member (any factory: buildUser, buildAdmin, buildDj…) and signs them in. */
export async function signInMember(
  t: Pick<TestApp, "app" | "ctx">,
  build: typeof buildUser = buildUser,
  overrides: Parameters<typeof buildUser>[1] = {},
): Promise<SignedInMember> {
  const built = await build(t.ctx.db, overrides);
  const agent = new Agent(t.app);
  await agent.login(built.user.username, built.password);
  return { ...built, agent };
}
