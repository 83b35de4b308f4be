/** What time it is for one app instance: jobs and services that must be testable across time read it here. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that always answers `at` (tests; move it by assigning a new one to `ctx.clock`). */
export const fixedClock = (at: Date | string | number): Clock => {
  const time = new Date(at).getTime();
  return { now: () => new Date(time) };
};
