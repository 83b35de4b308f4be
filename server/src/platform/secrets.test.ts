import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, SecretDecryptionError } from "./secrets.ts";

const KEY = "k".repeat(64);
const OTHER_KEY = "q".repeat(64);
const PURPOSE = "test-purpose";

/** Flips one bit of one base64url part of the stored value. */
function flip(stored: string, part: number): string {
  const parts = stored.split(".");
  const bytes = Buffer.from(parts[part] ?? "", "base64url");
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  parts[part] = bytes.toString("base64url");
  return parts.join(".");
}

describe("platform/secrets", () => {
  it("round-trips, and the stored value does not contain the plaintext", () => {
    const plain = "Hunter2-Radio-Pass";
    const stored = encryptSecret(KEY, PURPOSE, plain);
    expect(stored).not.toContain(plain);
    expect(stored).not.toContain(Buffer.from(plain).toString("base64url"));
    expect(stored.startsWith("v1.")).toBe(true);
    expect(decryptSecret(KEY, PURPOSE, stored)).toBe(plain);
    // Unicode and the empty string survive too.
    expect(decryptSecret(KEY, PURPOSE, encryptSecret(KEY, PURPOSE, "ünïcødé ✓"))).toBe("ünïcødé ✓");
    expect(decryptSecret(KEY, PURPOSE, encryptSecret(KEY, PURPOSE, ""))).toBe("");
  });

  it("uses a fresh IV: the same plaintext encrypts differently each time", () => {
    const a = encryptSecret(KEY, PURPOSE, "same");
    const b = encryptSecret(KEY, PURPOSE, "same");
    expect(a).not.toBe(b);
    expect(a.split(".")[1]).not.toBe(b.split(".")[1]);
  });

  it("refuses a tampered IV, ciphertext or tag", () => {
    const stored = encryptSecret(KEY, PURPOSE, "tamper-me-please");
    for (const part of [1, 2, 3]) {
      expect(() => decryptSecret(KEY, PURPOSE, flip(stored, part))).toThrow(SecretDecryptionError);
    }
  });

  it("refuses malformed values", () => {
    const stored = encryptSecret(KEY, PURPOSE, "x");
    for (const bad of ["", "v1", "v1.a.b", `v2${stored.slice(2)}`, `${stored}.extra`, "v1...."]) {
      expect(() => decryptSecret(KEY, PURPOSE, bad)).toThrow(SecretDecryptionError);
    }
  });

  it("refuses a different server key or a different purpose", () => {
    const stored = encryptSecret(KEY, PURPOSE, "secret");
    expect(() => decryptSecret(OTHER_KEY, PURPOSE, stored)).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(KEY, "another-purpose", stored)).toThrow(SecretDecryptionError);
  });

  it("binds the associated data: the value cannot be read for another owner", () => {
    const stored = encryptSecret(KEY, PURPOSE, "secret", { associatedData: "user-1" });
    expect(decryptSecret(KEY, PURPOSE, stored, { associatedData: "user-1" })).toBe("secret");
    expect(() => decryptSecret(KEY, PURPOSE, stored, { associatedData: "user-2" })).toThrow(
      SecretDecryptionError,
    );
    expect(() => decryptSecret(KEY, PURPOSE, stored)).toThrow(SecretDecryptionError);
  });
});
