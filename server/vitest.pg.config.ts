import { defineConfig } from "vitest/config";
import { databaseTestFiles } from "./test/database-files.ts";
import base from "./vitest.config.ts";

/**
 * The server suite's second pass, on PostgreSQL (TEST_DATABASE_URL, `npm test`'s server-pg step):
 * only the files whose outcome depends on the database engine (see test/database-files.ts).
 */
export default defineConfig({
  ...base,
  root: import.meta.dirname,
  test: { ...base.test, include: databaseTestFiles(import.meta.dirname) },
});
