import type { ApplyDjValues, DjApplicationView, MyDjAppAnswer } from "@airwave/contracts";
import { api } from "../../app/api.ts";

/** The calls of the Apply DJ page (community spec 7: DJ), under /api/auth. */
export const djApi = {
  mine: (signal?: AbortSignal) => api<MyDjAppAnswer>("/api/auth/myDjApp", { signal }),
  apply: (body: ApplyDjValues) =>
    api<DjApplicationView>("/api/auth/applyDj", { method: "POST", body }),
};
