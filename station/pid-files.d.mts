/** Types of pid-files.mjs (the station's pid files), for the TypeScript tests that use it. */

export function processStartTime(pid: number): string | null;
export function writePidFile(dir: string, name: string, pid: number, marker: string): void;
export function removePidFile(dir: string, name: string): void;
export function stopLeftovers(
  dir: string,
  log?: (line: string) => void,
  graceMs?: number,
): Promise<void>;
