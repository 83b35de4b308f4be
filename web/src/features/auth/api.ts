import { AUTH_ROUTES, type LoginInput, type RegisterInput } from "@airwave/contracts";
import { call, resetCsrfToken } from "../../app/api.ts";

export const authApi = {
  registrationStatus: () => call(AUTH_ROUTES.registrationStatus),
  register: (input: RegisterInput) => call(AUTH_ROUTES.register, { body: input }),
  async login(input: LoginInput) {
    const res = await call(AUTH_ROUTES.login, { body: input });
    resetCsrfToken();
    return res;
  },
  async logout() {
    try {
      await call(AUTH_ROUTES.logout);
    } finally {
      resetCsrfToken();
    }
  },
  /** Ends every session of the member, this one included (the browser then forgets it too). */
  async logoutEverywhere() {
    try {
      return await call(AUTH_ROUTES.logoutEverywhere);
    } finally {
      resetCsrfToken();
    }
  },
  forgotPassword: (email: string) => call(AUTH_ROUTES.forgotPassword, { body: { email } }),
  resetPassword: (key: string, password: string) =>
    call(AUTH_ROUTES.resetPassword, { body: { key, password } }),
};
