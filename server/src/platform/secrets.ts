import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets kept at rest (e.g. a DJ's radio password): AES-256-GCM under a key derived from the
 * server's SECRET_KEY with HKDF-SHA256 and a purpose label, so each use has its own key and a
 * value encrypted for one purpose cannot be read as another. A fresh random 96-bit IV per value;
 * the GCM tag authenticates the ciphertext and the optional associated data (e.g. the owner's id,
 * so a value cannot be moved to another row).
 *
 * Stored form: `v1.<iv>.<ciphertext>.<tag>`, each part base64url.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = "airwave/secrets/v1";

export class SecretDecryptionError extends Error {
  constructor() {
    super("the secret could not be decrypted (wrong key, purpose or tampered value)");
  }
}

const keys = new Map<string, Buffer>();

/** The 32-byte key for `purpose`, derived from the server's secret key (cached per process). */
function keyFor(secretKey: string, purpose: string): Buffer {
  if (!purpose) throw new Error("a secret needs a purpose label");
  const cacheKey = `${purpose}\u0000${secretKey}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secretKey, HKDF_SALT, `airwave:${purpose}`, 32));
    keys.set(cacheKey, key);
  }
  return key;
}

interface SecretOptions {
  /** Authenticated but not encrypted: decryption fails unless the same value is given. */
  associatedData?: string;
}

export function encryptSecret(
  secretKey: string,
  purpose: string,
  plaintext: string,
  opts: SecretOptions = {},
): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secretKey, purpose), iv, {
    authTagLength: TAG_BYTES,
  });
  if (opts.associatedData !== undefined) cipher.setAAD(Buffer.from(opts.associatedData, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, body, tag]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The plaintext, or `SecretDecryptionError` for a wrong key, purpose, associated data or any change. */
export function decryptSecret(
  secretKey: string,
  purpose: string,
  stored: string,
  opts: SecretOptions = {},
): string {
  const parts = stored.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretDecryptionError();
  const [iv, body, tag] = parts.slice(1).map((p) => Buffer.from(p, "base64url"));
  if (!iv || !body || !tag || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretDecryptionError();
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secretKey, purpose), iv, {
      authTagLength: TAG_BYTES,
    });
    if (opts.associatedData !== undefined) {
      decipher.setAAD(Buffer.from(opts.associatedData, "utf8"));
    }
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretDecryptionError();
  }
}
