/** A throw-away PostgreSQL server on a free port (see postgres.mjs). */
export function startPostgres(): Promise<{ url: string; stop(): Promise<void> }>;
