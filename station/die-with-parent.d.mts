/** Whether `setpriv` (util-linux, Linux only) is there to set the parent-death signal. */
export function canSignalOnParentDeath(): boolean;
/** The command and arguments that run `command args` so it gets `signal` when its parent dies. */
export function dyingWithParent(
  command: string,
  args: string[],
  options?: { signal?: string; user?: { user: string; group: string } },
): [string, string[]];
