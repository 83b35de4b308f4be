/** Filled by the gifs feature. */
export {};
