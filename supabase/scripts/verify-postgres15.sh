#!/usr/bin/env bash
# Proves that the schema is real-PostgreSQL clean: creates a throwaway PostgreSQL 15 cluster (Debian binaries), applies
# the local bootstrap, every migration and the seed, runs the pgTAP files of supabase/tests/database against it, and
# removes the cluster again. Exits non-zero on any failure.
#
# With --types check|write it instead generates the database's TypeScript types from the migrated schema with
# Supabase's own generator (supabase/scripts/schema-types.mjs) and checks them against, or writes them to, the
# committed shared-ui/src/data/database.types.ts.
#
# With --serve it applies the seed too, then prints "ready <socket directory> <port>" and keeps the cluster until its
# standard input closes (the stand-in's tests run the real PostgREST against it: local/test/postgrestReplay.test.ts).
#
# Needs: apt-get install -y postgresql-15 postgresql-15-pgtap
# Usage: bash supabase/scripts/verify-postgres15.sh [--types check|write | --serve]
#        (as root it runs PostgreSQL as `postgres`)
set -euo pipefail

types_mode=""
serve=""
if [[ "${1:-}" == "--types" ]]; then
  types_mode="${2:-}"
  [[ "$types_mode" == "check" || "$types_mode" == "write" ]] || { echo "usage: $0 [--types check|write | --serve]" >&2; exit 2; }
elif [[ "${1:-}" == "--serve" ]]; then
  serve=1
fi

SUPABASE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
PORT="${PGPORT_VERIFY:-54329}"

if [[ ! -x "$PG_BIN/postgres" ]]; then
  echo "verify-postgres15: no PostgreSQL 15 in $PG_BIN (apt-get install -y postgresql-15 postgresql-15-pgtap)" >&2
  exit 2
fi
if [[ -z "$types_mode$serve" && ! -f "$("$PG_BIN/pg_config" --sharedir)/extension/pgtap.control" ]]; then
  echo "verify-postgres15: pgTAP is not installed for PostgreSQL 15 (apt-get install -y postgresql-15-pgtap)" >&2
  exit 2
fi

# PostgreSQL refuses to run as root.
as_pg=()
if [[ "$(id -u)" == "0" ]]; then
  as_pg=(runuser -u postgres --)
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/verify-pg15.XXXXXX")"
chmod 755 "$WORK"
if [[ "$(id -u)" == "0" ]]; then chown postgres: "$WORK"; fi

cleanup() {
  "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$WORK/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "verify-postgres15: $("$PG_BIN/postgres" --version)"
"${as_pg[@]}" "$PG_BIN/initdb" -D "$WORK/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 \
  || { cat "$WORK/initdb.log"; exit 1; }
# Unix socket only, in our own directory: no TCP port is opened, so nothing on this machine can clash with it.
"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w \
  -o "-p $PORT -k $WORK -c listen_addresses='' -c fsync=off" start >/dev/null \
  || { cat "$WORK/server.log"; exit 1; }

psql_run() {
  # Files are read by this shell, not by the postgres user, so the repository needs no special permissions.
  "${as_pg[@]}" "$PG_BIN/psql" -X -q -h "$WORK" -p "$PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 "$@"
}

apply() {
  local file="$1"
  if ! psql_run -f - <"$file" >"$WORK/apply.log" 2>&1; then
    echo "FAIL applying ${file#"$SUPABASE_DIR"/}:" >&2
    cat "$WORK/apply.log" >&2
    exit 1
  fi
  if grep -q "ERROR" "$WORK/apply.log"; then
    cat "$WORK/apply.log" >&2
    exit 1
  fi
  echo "applied ${file#"$SUPABASE_DIR"/}"
}

apply "$SUPABASE_DIR/local/bootstrap.sql"
for migration in "$SUPABASE_DIR"/migrations/*.sql; do
  apply "$migration"
done

if [[ -n "$types_mode" ]]; then
  node "$SUPABASE_DIR/scripts/schema-types.mjs" --"$types_mode" \
    --db-url "postgresql://postgres@localhost/postgres?host=$WORK&port=$PORT"
  exit 0
fi

apply "$SUPABASE_DIR/seed.sql"

if [[ -n "$serve" ]]; then
  echo "ready $WORK $PORT"
  # Until the caller closes our standard input (or goes away): then the trap removes the cluster.
  cat >/dev/null || true
  exit 0
fi

shopt -s nullglob
test_files=("$SUPABASE_DIR"/tests/database/*.test.sql)
if [[ ${#test_files[@]} -eq 0 ]]; then echo "verify-postgres15: no pgTAP files in tests/database" >&2; exit 1; fi
failed=0
total=0
for test_file in "${test_files[@]}"; do
  name="${test_file#"$SUPABASE_DIR"/}"
  if ! psql_run -A -t -f - <"$test_file" >"$WORK/tap.out" 2>&1; then
    echo "not ok - $name (psql failed)"
    sed 's/^/    /' "$WORK/tap.out"
    failed=1
    continue
  fi
  plan="$(grep -Eo '^1\.\.[0-9]+' "$WORK/tap.out" | head -n1 | cut -c4-)"
  passed="$(grep -Ec '^ok [0-9]+' "$WORK/tap.out" || true)"
  if [[ -z "$plan" ]] || grep -Eq '^not ok|^# Looks like' "$WORK/tap.out" || [[ "$passed" != "$plan" ]]; then
    echo "not ok - $name (plan ${plan:-missing}, passed $passed)"
    sed 's/^/    /' "$WORK/tap.out"
    failed=1
  else
    echo "ok - $name ($passed assertions)"
    total=$((total + passed))
  fi
done

if [[ "$failed" != "0" ]]; then
  echo "verify-postgres15: FAILED" >&2
  exit 1
fi
echo "verify-postgres15: migrations, seed and $total pgTAP assertions pass on PostgreSQL 15"
