// Starts a TypeScript worker when the app runs from its sources (tsx, Vitest): registers tsx's loader
// in this thread, then loads the worker module named in argv.
import { register } from "tsx/esm/api";

register();
await import(process.argv[2]);
