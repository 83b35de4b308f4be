/**
 * Every table of the app, for drizzle-kit (`drizzle.config.ts`) to compare with the migrations.
 * Outside the platform because it gathers the features' tables, and the platform imports no feature.
 */
export * from "./features/admin/schema.ts";
export * from "./features/auth/schema.ts";
export * from "./features/chat/schema.ts";
export * from "./features/dj/schema.ts";
export * from "./features/gifs/schema.ts";
export * from "./features/home/schema.ts";
export * from "./features/messages/schema.ts";
export * from "./features/notifications/schema.ts";
export * from "./features/posts/schema.ts";
export * from "./features/schedule/schema.ts";
export * from "./features/social/schema.ts";
export * from "./features/tickets/schema.ts";
export * from "./platform/identity/users.schema.ts";
export * from "./platform/rate-limit/schema.ts";
export * from "./platform/sessions/schema.ts";
export * from "./platform/settings.schema.ts";
export * from "./platform/storage/schema.ts";
