/** Ids in groups small enough for one statement's parameters. */
export function* inGroups<T>(ids: T[], size = 5000) {
  for (let i = 0; i < ids.length; i += size) yield ids.slice(i, i + size);
}
