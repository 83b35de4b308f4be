/** Filled by the messages feature. */
export {};
