import { authorize } from "../../platform/authorize.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { getSetting, setSetting } from "../../platform/settings.ts";
import type { UserRow } from "../users/schema.ts";
import { adminPolicy } from "./policy.ts";

const REGISTRATION_KEY = "registrationEnabled";

export const isRegistrationEnabled = (db: DbOrTx) => getSetting(db, REGISTRATION_KEY, true);

export async function setRegistrationEnabled(db: DbOrTx, actor: UserRow, enabled: boolean) {
  authorize(adminPolicy, "switchRegistration", actor);
  await setSetting(db, REGISTRATION_KEY, enabled);
  return enabled;
}
