/**
 * The app instances the browser tests run against: global setup starts one per Playwright worker
 * (each with its own data folder, database, radio ports and site-wide settings), and every helper
 * asks `currentApp()` for the one of the worker it runs in. Tests that change site-wide state (the
 * registration switch, the theme, the schedule, the chat room's history) so affect only the files
 * of their own worker, which run one at a time, as all of them did on a single instance.
 */
export interface E2eApp {
  url: string;
  dataDir: string;
  giphyUrl: string;
  /** The bundled station's ports: Icecast, the live input (harbor), the listener relay. */
  radio: { icecastPort: number; harborPort: number; listenPort: number };
  seed: {
    banned: { username: string; password: string; banReason: string };
    /** A member with isDj (books schedule slots). */
    dj: { username: string; password: string };
  };
}

const APPS_ENV = "E2E_APPS";

export const publishApps = (apps: E2eApp[]) => {
  process.env[APPS_ENV] = JSON.stringify(apps);
};

/** The app of this worker (Playwright's TEST_PARALLEL_INDEX: 0 .. workers-1, kept across restarts). */
export function currentApp(): E2eApp {
  const apps = JSON.parse(process.env[APPS_ENV] ?? "[]") as E2eApp[];
  if (apps.length === 0)
    throw new Error("no app: run the browser tests through playwright.config.ts");
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const app = apps[index % apps.length];
  if (!app) throw new Error(`no app for worker ${index}`);
  return app;
}
