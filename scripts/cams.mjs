// `npm run cams`: runs the cams' Janus alone, supervised, with the same environment variables as
// `npm start` (docs/operating.md: Cams). Ctrl-C stops it. In production it is a service of its own
// (deploy/systemd/airwave-janus.service).
import { camsConfigFromEnv, janusInstalled, superviseJanus } from "../station/janus.mjs";
import { runAlone } from "./lib/run-alone.mjs";

runAlone({
  tag: "cams",
  configFromEnv: camsConfigFromEnv,
  installed: janusInstalled,
  missing:
    "The cams need Janus. Install it with:\n\n  sudo apt-get install -y --no-install-recommends janus\n",
  supervise: superviseJanus,
});
