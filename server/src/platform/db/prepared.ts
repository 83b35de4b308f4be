/**
 * Prepared statements built once per database handle: building a query with Drizzle costs about a
 * millisecond of CPU, and a named statement lets PostgreSQL skip parsing it again. Use for hot paths.
 */
const caches = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: object, key: string, build: (name: string) => T): T {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(key) as T | undefined;
  if (!statement) {
    statement = build(`aw_${key.replace(/[^a-z0-9_]/gi, "_")}`);
    cache.set(key, statement);
  }
  return statement;
}
