// Runs a command in a network namespace of its own where 127.0.0.1 is the only address (docs/operating.md:
// Cams, "Testing"). Janus never gathers ICE candidates on a loopback interface and Chromium gathers
// on every interface it has, so the cams' browser test and benchmark give both exactly one: a veth
// pair carrying 127.0.0.1/32 (which Janus accepts), with IPv6 off. All media then stays on
// 127.0.0.1 and nothing of the test is reachable from outside the namespace. Needs root, or
// unprivileged user namespaces (Debian's default), and iproute2; the namespace ends with the command.
import { spawn } from "node:child_process";

const SETUP = [
  "sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1",
  "ip link set lo up",
  "ip link add jv0 type veth peer name jv1",
  "ip addr add 127.0.0.1/32 dev jv0",
  "ip link set jv1 multicast off arp off up",
  "ip link set jv0 multicast off arp off up",
].join(" && ");

/** The argv that runs `command` (an argv) inside a new loopback-only network namespace. */
export const inLoopbackNamespace = (command) => [
  "unshare",
  "--net",
  // Not root: a user namespace of its own gives the rights to set up its network.
  ...(process.getuid?.() === 0 ? [] : ["--map-root-user"]),
  "--",
  "bash",
  "-c",
  `set -e; ${SETUP}; exec "$@"`,
  "loopback-netns",
  ...command,
];

/** Spawns `command` (an argv) in a new loopback-only network namespace (spawn's options). */
export const spawnInLoopbackNamespace = (command, options) => {
  const [cmd, ...args] = inLoopbackNamespace(command);
  return spawn(cmd, args, options);
};
