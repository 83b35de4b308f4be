import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseTestFiles } from "./database-files.ts";

const serverRoot = path.resolve(import.meta.dirname, "..");

describe("the server-pg pass's files", () => {
  const files = databaseTestFiles(serverRoot);

  it("takes the files that reach the test database, directly or through helpers", () => {
    expect(files).toContain("src/features/points/points.test.ts"); // createTestApp
    expect(files).toContain("src/features/chat/instances.test.ts"); // test/two-instances.ts
    expect(files).toContain("src/platform/db/migrate-lock.test.ts"); // TEST_DATABASE_URL
  });

  it("leaves out the ones the engine does not change", () => {
    expect(files).not.toContain("src/main.test.ts"); // the app process on its embedded default
    expect(files).not.toContain("src/platform/config.test.ts");
    expect(files).not.toContain("test/database-files.test.ts");
  });
});
