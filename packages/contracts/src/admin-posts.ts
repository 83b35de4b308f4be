/** Placeholder: filled by the admin-posts slice. */
export {};
