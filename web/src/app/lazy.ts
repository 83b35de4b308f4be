import { type ComponentType, lazy } from "react";

/** React.lazy for a named export: each feature's pages load on demand. */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
