/** Filled by the tickets feature. */
export {};
