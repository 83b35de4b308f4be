// `npm run station`: runs the bundled radio station alone (Icecast + Liquidsoap), supervised, with
// the same environment variables as `npm start` (README: Radio). Ctrl-C stops it.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  stationConfigFromEnv,
  stationPackagesInstalled,
  superviseStation,
} from "../station/station.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

let options;
try {
  options = stationConfigFromEnv(process.env, root);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
if (!stationPackagesInstalled()) {
  console.error("The station needs Icecast and Liquidsoap. Install them with:\n");
  console.error("  sudo apt-get install -y --no-install-recommends icecast2 liquidsoap ffmpeg\n");
  process.exit(1);
}

const station = superviseStation({ ...options, verbose: true });
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`[station] stopping (${signal})`);
    await station.stop();
    process.exit(0);
  });
}
