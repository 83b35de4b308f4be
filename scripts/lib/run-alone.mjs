// A bundled service (the radio station, the cams' Janus) run on its own, supervised, in the
// foreground: `npm run station`, `npm run cams`, and the systemd units in deploy/systemd/. It reads
// the same environment variables as `npm start`; SIGINT, SIGTERM or SIGHUP stop it.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * @param {{ tag: string, configFromEnv: (env: NodeJS.ProcessEnv, cwd: string) => object,
 *   installed: () => boolean, missing: string, supervise: (options: object) => { stop(): Promise<void> } }} service
 */
export function runAlone({ tag, configFromEnv, installed, missing, supervise }) {
  let options;
  try {
    options = configFromEnv(process.env, root);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  if (!installed()) {
    console.error(missing);
    process.exit(1);
  }
  const running = supervise({ ...options, verbose: true });
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      console.log(`[${tag}] stopping (${signal})`);
      await running.stop();
      process.exit(0);
    });
  }
}
