/** Every table of the app, for Drizzle's typed queries and for drizzle-kit. */
export * from "../../features/auth/schema.ts";
export * from "../../features/home/schema.ts";
export * from "../../features/users/schema.ts";
export * from "../sessions/schema.ts";
export * from "../settings.schema.ts";
