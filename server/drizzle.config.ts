import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Every table, wherever it lives: a new feature's schema.ts is found without a central list.
  schema: ["./src/platform/**/*schema.ts", "./src/features/*/schema.ts"],
  out: "./drizzle",
});
