/** libfaketime's library (for LD_PRELOAD), or null when it is not installed (see system.mjs). */
export function faketimeLibrary(): string | null;
