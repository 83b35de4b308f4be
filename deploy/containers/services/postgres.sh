#!/bin/sh
# The postgres image's start (compose.yaml's `postgres`): on an empty PGDATA, makes the cluster with
# POSTGRES_USER (password POSTGRES_PASSWORD, required) and the database POSTGRES_DB; then runs
# PostgreSQL on POSTGRES_HOST:POSTGRES_PORT (127.0.0.1:5432) in the foreground.
set -eu
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "POSTGRES_PASSWORD is not set: it is needed to make the database" >&2
    exit 1
  fi
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  "$bin/initdb" -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 \
    --auth-host=scram-sha-256 --auth-local=peer >/dev/null
  rm -f "$pwfile"
  echo "CREATE DATABASE \"$POSTGRES_DB\" OWNER \"$POSTGRES_USER\";" |
    "$bin/postgres" --single -D "$PGDATA" -j postgres >/dev/null
  echo "made the database $POSTGRES_DB for $POSTGRES_USER in $PGDATA"
fi
exec "$bin/postgres" -D "$PGDATA" -c listen_addresses="$POSTGRES_HOST" -p "$POSTGRES_PORT" \
  -c unix_socket_directories=/tmp -c max_connections="${POSTGRES_MAX_CONNECTIONS:-100}"
