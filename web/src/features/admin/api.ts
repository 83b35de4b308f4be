import {
  ADMIN_API,
  type DjApplicationsAnswer,
  GIF_ADMIN_API,
  GIF_API,
  type GifUploadAnswer,
  type LibraryGifsAnswer,
  RADIO_PATHS,
  type RadioStationView,
  type ThemeSettings,
  type ThemeSettingsUpdate,
} from "@airwave/contracts";
import { api } from "../../app/api.ts";

/** The admin dashboard's calls (admin spec 7), all through the one fetch wrapper. */
export const adminApi = {
  registration: (signal?: AbortSignal) =>
    api<{ registrationEnabled: boolean }>(ADMIN_API.registrationStatus, { signal }),
  setRegistration: (enabled: boolean) =>
    api<{ registrationEnabled: boolean }>(ADMIN_API.registrationStatus, {
      method: "POST",
      body: { enabled },
    }),
  chatStats: (signal?: AbortSignal) => api<{ last24h: number }>(ADMIN_API.chatStats, { signal }),
  clearChat: () => api<{ deleted: number }>(ADMIN_API.chatClear, { method: "POST" }),
  gifs: (signal?: AbortSignal) => api<LibraryGifsAnswer>(GIF_API.library, { signal }),
  uploadGif: (name: string, file: File) => {
    const form = new FormData();
    form.append("name", name);
    form.append("file", file);
    return api<GifUploadAnswer>(GIF_ADMIN_API.upload, { method: "POST", body: form });
  },
  deleteGif: (gifId: string) =>
    api<{ message: string }>(GIF_ADMIN_API.delete, { method: "POST", body: { gifId } }),
  themeSettings: (signal?: AbortSignal) =>
    api<{ success: boolean; settings: ThemeSettings }>(ADMIN_API.themeSettings, { signal }),
  saveTheme: (change: ThemeSettingsUpdate) =>
    api<{ success: boolean; settings: ThemeSettings }>(ADMIN_API.themeSettings, {
      method: "POST",
      body: change,
    }),
  station: (signal?: AbortSignal) => api<RadioStationView>(RADIO_PATHS.station, { signal }),
  djApplications: (signal?: AbortSignal) =>
    api<DjApplicationsAnswer>(ADMIN_API.djApplications, { signal }),
  approveDj: (applicationId: string) =>
    api<unknown>(ADMIN_API.approveDj, { method: "POST", body: { applicationId } }),
  rejectDj: (applicationId: string) =>
    api<unknown>(ADMIN_API.rejectDj, { method: "POST", body: { applicationId } }),
};

export const adminKeys = {
  registration: ["admin", "registration"] as const,
  chatStats: ["admin", "chat-stats"] as const,
  gifs: ["admin", "gifs"] as const,
  station: ["admin", "station"] as const,
  djApplications: ["admin", "dj-applications"] as const,
};
