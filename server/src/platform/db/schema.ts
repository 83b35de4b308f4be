/** Every table of the app, for Drizzle's typed queries and for drizzle-kit. */
export * from "../../features/admin/schema.ts";
export * from "../../features/auth/schema.ts";
export * from "../../features/chat/schema.ts";
export * from "../../features/dj/schema.ts";
export * from "../../features/gifs/schema.ts";
export * from "../../features/home/schema.ts";
export * from "../../features/messages/schema.ts";
export * from "../../features/notifications/schema.ts";
export * from "../../features/posts/schema.ts";
export * from "../../features/schedule/schema.ts";
export * from "../../features/social/schema.ts";
export * from "../../features/tickets/schema.ts";
export * from "../../features/users/schema.ts";
export * from "../rate-limit/schema.ts";
export * from "../sessions/schema.ts";
export * from "../settings.schema.ts";
export * from "../storage/schema.ts";
