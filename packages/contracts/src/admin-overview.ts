/** Placeholder: filled by the admin-overview slice. */
export {};
