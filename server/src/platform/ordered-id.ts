import { randomBytes } from "node:crypto";

let lastMs = 0;
let counter = 0;

/**
 * A UUID-shaped id (version 7 layout: 48-bit Unix milliseconds, then a 12-bit counter, then random
 * bits) that sorts in creation order within this process, even for ids made in the same millisecond.
 * For rows listed by `(created_at, id)`, where equal timestamps must keep their insertion order.
 */
export function orderedUuid(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
