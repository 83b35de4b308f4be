// `npm run station`: runs the bundled radio station alone (Icecast + Liquidsoap + the listener
// relay), supervised, with the same environment variables as `npm start` (docs/operating.md: Radio). Ctrl-C
// stops it. In production it is a service of its own (deploy/systemd/airwave-station.service).
import {
  stationConfigFromEnv,
  stationPackagesInstalled,
  superviseStation,
} from "../station/station.mjs";
import { runAlone } from "./lib/run-alone.mjs";

runAlone({
  tag: "station",
  configFromEnv: stationConfigFromEnv,
  installed: stationPackagesInstalled,
  missing:
    "The station needs Icecast and Liquidsoap. Install them with:\n\n  sudo apt-get install -y --no-install-recommends icecast2 liquidsoap ffmpeg\n",
  supervise: superviseStation,
});
