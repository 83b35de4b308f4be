import type { ChildProcess, SpawnOptions } from "node:child_process";

/** The argv that runs `command` (an argv) inside a new loopback-only network namespace. */
export function inLoopbackNamespace(command: string[]): string[];
/** Spawns `command` (an argv) in a new loopback-only network namespace. */
export function spawnInLoopbackNamespace(command: string[], options: SpawnOptions): ChildProcess;
