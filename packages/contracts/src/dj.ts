/** Filled by the dj feature. */
export {};
