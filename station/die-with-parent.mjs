// Child processes that end when the process that started them ends, however it ends (kill -9
// included): on Linux, util-linux's `setpriv --pdeathsig` asks the kernel to signal the child when
// its parent dies, and switches to the station's system user in the same exec (no process in
// between, so the child's pid is the server's own).
import { existsSync } from "node:fs";
import path from "node:path";

const onPath = (program) =>
  (process.env.PATH || "/usr/bin:/bin")
    .split(path.delimiter)
    .some((dir) => existsSync(path.join(dir, program)));

let setpriv;
/** Whether `setpriv` (util-linux, Linux only) is there to set the parent-death signal. */
export const canSignalOnParentDeath = () => {
  setpriv ??= process.platform === "linux" && onPath("setpriv");
  return setpriv;
};

/**
 * The command and arguments that run `command args` so it gets `signal` when its parent dies and,
 * when `user` ({ user, group }) is given, as that user. Without setpriv the child is started
 * plainly (or through runuser for another user) and a crash of the parent can leave it running:
 * the station's pid files catch those leftovers on the next start.
 */
export function dyingWithParent(command, args, { signal = "TERM", user } = {}) {
  if (!canSignalOnParentDeath()) {
    if (!user) return [command, args];
    return ["runuser", ["-u", user.user, "-g", user.group, "--", command, ...args]];
  }
  const as = user ? [`--reuid=${user.user}`, `--regid=${user.group}`, "--init-groups"] : [];
  return ["setpriv", [...as, `--pdeathsig=${signal}`, "--", command, ...args]];
}
