import {
  ADMIN_ROUTES,
  AUTH_ROUTES,
  CHAT_ROUTES,
  DJ_ROUTES,
  EFFECTS_ROUTES,
  GIFS_ROUTES,
  RADIO_ROUTES,
  type ThemeSettingsUpdate,
} from "@airwave/contracts";
import { call } from "../../app/api.ts";

/** The admin dashboard's calls (admin spec 7), all through the typed client. */
export const adminApi = {
  registration: (signal?: AbortSignal) => call(AUTH_ROUTES.registrationStatus, { signal }),
  setRegistration: (enabled: boolean) =>
    call(ADMIN_ROUTES.switchRegistration, { body: { enabled } }),
  chatStats: (signal?: AbortSignal) => call(CHAT_ROUTES.stats, { signal }),
  clearChat: () => call(CHAT_ROUTES.clear),
  gifs: (signal?: AbortSignal) => call(GIFS_ROUTES.library, { signal }),
  uploadGif: (name: string, file: File) => {
    const form = new FormData();
    form.append("name", name);
    form.append("file", file);
    return call(GIFS_ROUTES.upload, { body: form });
  },
  deleteGif: (gifId: string) => call(GIFS_ROUTES.delete, { body: { gifId } }),
  themeSettings: (signal?: AbortSignal) => call(EFFECTS_ROUTES.themeSettings, { signal }),
  saveTheme: (change: ThemeSettingsUpdate) =>
    call(EFFECTS_ROUTES.saveThemeSettings, { body: change }),
  station: (signal?: AbortSignal) => call(RADIO_ROUTES.station, { signal }),
  djApplications: (signal?: AbortSignal) => call(DJ_ROUTES.list, { signal }),
  approveDj: (applicationId: string) => call(DJ_ROUTES.approve, { body: { applicationId } }),
  rejectDj: (applicationId: string) => call(DJ_ROUTES.reject, { body: { applicationId } }),
};

export const adminKeys = {
  registration: ["admin", "registration"] as const,
  chatStats: ["admin", "chat-stats"] as const,
  gifs: ["admin", "gifs"] as const,
  station: ["admin", "station"] as const,
  djApplications: ["admin", "dj-applications"] as const,
};
