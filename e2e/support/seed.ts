// Runs before the app starts (PGlite allows one process at a time): migrates the fresh data folder
// and creates the members the browser tests need but cannot create through screens that exist yet.
import path from "node:path";
import { openDatabase } from "../../server/src/platform/db/index.ts";
import { buildBannedUser, buildUser } from "../../server/test/factories.ts";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");

const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
await database.migrate();
const banned = await buildBannedUser(database.db, { banReason: "Flooding the chat with links" });
// A DJ (isDj) for the schedule: no screen sets the flag directly.
const dj = await buildUser(database.db, { username: "dj_nova", isDj: true });
await database.close();

console.log(
  JSON.stringify({
    banned: {
      username: banned.user.username,
      password: banned.password,
      banReason: banned.user.banReason,
    },
    dj: { username: dj.user.username, password: dj.password },
  }),
);
