import type { ChildProcess } from "node:child_process";

/** Collects what a child process writes to stdout and stderr; the answer reads it so far. */
export function collectOutput(child: ChildProcess): () => string {
  let text = "";
  const add = (d: Buffer | string) => {
    text += d;
  };
  child.stdout?.on("data", add);
  child.stderr?.on("data", add);
  return () => text;
}
