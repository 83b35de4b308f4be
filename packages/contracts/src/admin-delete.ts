/** Placeholder: filled by the admin-delete slice. */
export {};
