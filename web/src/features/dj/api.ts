import { type ApplyDjValues, DJ_ROUTES } from "@airwave/contracts";
import { call } from "../../app/api.ts";

/** The calls of the Apply DJ page (community spec 7: DJ). */
export const djApi = {
  mine: (signal?: AbortSignal) => call(DJ_ROUTES.mine, { signal }),
  apply: (body: ApplyDjValues) => call(DJ_ROUTES.apply, { body }),
};
