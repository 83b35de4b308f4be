/** Placeholder: filled by the admin-users slice. */
export {};
