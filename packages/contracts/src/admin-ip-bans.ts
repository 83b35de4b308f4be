/** Placeholder: filled by the admin-ip-bans slice. */
export {};
