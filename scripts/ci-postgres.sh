#!/usr/bin/env bash
# Runs the database tests (tests/db) on a real PostgreSQL 15 server as well as on PGlite: creates
# a throwaway cluster with Debian's PostgreSQL 15 in a temporary folder, listening on 127.0.0.1
# on a free port, runs `npx vitest run tests/db` with DATABASE_URL pointing at it, and removes the
# cluster on exit, whatever happens. Run as root (the server itself runs as the postgres user):
#   sudo scripts/ci-postgres.sh [extra vitest arguments]
# Needs: apt-get install -y postgresql-15 postgresql-15-cron (server binaries in
# /usr/lib/postgresql/15/bin). pg_cron is preloaded for the database `postgres`, where
# tests/db/pg-cron.test.ts lets the migrations create it and its scheduler run the sweep; the other
# test databases, as PGlite, get the embedded backend's stand-in (supabase/local/db/extension-stand-ins.sql).
set -euo pipefail
cd "$(dirname "$0")/.."

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

if [[ $(id -u) -ne 0 ]]; then
  echo "ci-postgres.sh: run as root; it starts the server as the postgres user." >&2
  exit 2
fi
if [[ ! -x "$PG_BIN/initdb" ]]; then
  echo "ci-postgres.sh: $PG_BIN/initdb not found; install PostgreSQL 15 (apt-get install -y postgresql-15)." >&2
  exit 2
fi

cluster=$(mktemp -d /tmp/ci-postgres.XXXXXX)
chown postgres: "$cluster"
as_postgres() { runuser -u postgres -- "$@"; }

stop_cluster() {
  if [[ -f "$cluster/data/postmaster.pid" ]]; then
    as_postgres "$PG_BIN/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$cluster"
}
trap stop_cluster EXIT

# A port nobody listens on: let the kernel choose one, then release it for the server.
port=$(node -e "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });")

# Trust authentication is fine for a server that only listens on loopback and lives for one run.
as_postgres "$PG_BIN/initdb" -D "$cluster/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
mkdir -p "$cluster/socket"
chown postgres: "$cluster/socket"
# pg_cron, when installed: its scheduler runs jobs in background workers (no login over the network).
cron=""
if [[ -f /usr/share/postgresql/15/extension/pg_cron.control ]]; then
  cron="-c shared_preload_libraries=pg_cron -c cron.database_name=postgres -c cron.use_background_workers=on -c max_worker_processes=32"
else
  echo "ci-postgres.sh: pg_cron is not installed (apt-get install -y postgresql-15-cron); tests/db/pg-cron.test.ts is skipped." >&2
fi
# Durability is pointless for a throwaway cluster; skipping fsync makes the run faster.
as_postgres "$PG_BIN/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 60 \
  -o "-h 127.0.0.1 -p $port -k $cluster/socket -c fsync=off -c synchronous_commit=off -c full_page_writes=off $cron" \
  start >/dev/null

version=$(as_postgres "$PG_BIN/psql" -h "$cluster/socket" -p "$port" -U postgres -Atc 'show server_version')
echo "PostgreSQL $version on 127.0.0.1:$port (cluster in $cluster)"

status=0
DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" npx vitest run tests/db "$@" || status=$?
if [[ $status -ne 0 ]]; then
  echo "Last lines of the server log:" >&2
  tail -n 30 "$cluster/server.log" >&2 || true
fi
exit "$status"
