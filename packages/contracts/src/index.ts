export * from "./auth.ts";
export * from "./client-routes.ts";
export * from "./home.ts";
export * from "./http.ts";
export * from "./roles.ts";
export * from "./schedule.ts";
