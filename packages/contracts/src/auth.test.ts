import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, registerFormSchema, registerSchema } from "./auth.ts";

const valid = { username: "dj_kaos", email: "kaos@example.test", password: "12345678" };
const firstMessage = (input: unknown) => {
  const r = registerSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe("registration rules", () => {
  it("accepts a valid member", () => {
    expect(registerSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [{ ...valid, username: "dj kaos" }, AUTH_MESSAGES.usernameInvalid],
    [{ ...valid, username: "dj-kaos!" }, AUTH_MESSAGES.usernameInvalid],
    [{ ...valid, username: "ab" }, AUTH_MESSAGES.usernameTooShort],
    [{ ...valid, username: "a".repeat(21) }, AUTH_MESSAGES.usernameTooLong],
    [{ ...valid, email: "not-an-email" }, AUTH_MESSAGES.emailInvalid],
    [{ ...valid, password: "1234567" }, AUTH_MESSAGES.passwordTooShort],
  ])("refuses %o with the spec's message", (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it("requires matching passwords and accepted terms in the form", () => {
    const form = { ...valid, confirmPassword: "different", terms: true };
    const mismatch = registerFormSchema.safeParse(form);
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues.map((i) => i.message)).toContain(AUTH_MESSAGES.passwordMismatch);
    const noTerms = registerFormSchema.safeParse({
      ...form,
      confirmPassword: valid.password,
      terms: false,
    });
    expect(noTerms.error?.issues.map((i) => i.message)).toContain(AUTH_MESSAGES.termsRequired);
  });
});
