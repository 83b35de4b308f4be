import type { AppContext } from "./context.ts";

/**
 * A per-app service: one object per app instance (per context), built by the composition root
 * from the features' manifests (`Feature.services`) and read with `ctx.services.get(key)`. Its
 * lifetime is the app's: `start` runs on the app's ready, `stop` on its close.
 */
export interface ServiceKey<T extends object> {
  readonly name: string;
  readonly create: (ctx: AppContext) => T;
}

/** What a service may do at the app's ready and close (timers, buffered writes). */
interface Lifecycle {
  start?: () => void | Promise<void>;
  stop?: () => void | Promise<void>;
}

/** A typed key for a service; the feature that owns it lists it in its manifest's `services`. */
export const defineService = <T extends object>(
  name: string,
  create: (ctx: AppContext) => T,
): ServiceKey<T> => ({ name, create });

/** The services of one app instance, in the order they were built. */
export class ServiceRegistry {
  private readonly instances = new Map<ServiceKey<object>, object>();

  /** The instance of `key`; it must have been built (declared in a feature's manifest). */
  get<T extends object>(key: ServiceKey<T>): T {
    const instance = this.instances.get(key);
    if (!instance) throw new Error(`service "${key.name}" is not built: no feature declares it`);
    return instance as T;
  }

  /** Puts `instance` in place of `key`'s (tests, before the app is ready). */
  set<T extends object>(key: ServiceKey<T>, instance: T): void {
    this.instances.set(key, instance);
  }

  /** Builds each key not built yet, in the given order (the composition root, once). */
  build(ctx: AppContext, keys: Iterable<ServiceKey<object>>): void {
    for (const key of keys) {
      if (!this.instances.has(key)) this.instances.set(key, key.create(ctx));
    }
  }

  /** The app's ready: starts every service that has a `start`, in build order. */
  async start(): Promise<void> {
    for (const instance of this.instances.values()) await (instance as Lifecycle).start?.();
  }

  /** The app's close: stops every service that has a `stop`, in build order. */
  async stop(): Promise<void> {
    for (const instance of this.instances.values()) await (instance as Lifecycle).stop?.();
  }
}
