import type { LoginInput, RegisterInput } from "@airwave/contracts";
import { api, resetCsrfToken } from "../../app/api.ts";

export const authApi = {
  registrationStatus: () => api<{ registrationEnabled: boolean }>("/api/auth/registration/status"),
  register: (input: RegisterInput) =>
    api<{ token: string; message: string }>("/api/auth/register", { method: "POST", body: input }),
  async login(input: LoginInput) {
    const res = await api<{ message: string; userid: string }>("/api/auth/login", {
      method: "POST",
      body: input,
    });
    resetCsrfToken();
    return res;
  },
  async logout() {
    try {
      await api<{ message: string }>("/api/auth/logout");
    } finally {
      resetCsrfToken();
    }
  },
  forgotPassword: (email: string) =>
    api<{ msg: string }>("/api/auth/forgotPassword", { method: "POST", body: { email } }),
  resetPassword: (key: string, password: string) =>
    api<{ message: string }>("/api/auth/resetPassword", {
      method: "POST",
      body: { key, password },
    }),
};
