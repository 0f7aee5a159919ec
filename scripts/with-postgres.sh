#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL cluster for the store tests:
#   scripts/with-postgres.sh swift test --skip-build
# Starts a cluster in a temporary folder on 127.0.0.1 at a free port (trust auth, no fsync,
# room for 1,000 connections: each open store pools up to 9, and tests open dozens at once),
# creates the database receipts_test, exports
#   RECEIPTS_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:PORT/receipts_test
# runs the command, then stops the cluster and deletes the folder, and exits with the
# command's status. If RECEIPTS_TEST_POSTGRES_URL is already set, runs the command as is.
# Without PostgreSQL binaries it warns and runs the command without the URL (the Postgres
# tests then fail under CI=true and are skipped elsewhere).
set -uo pipefail

if [[ -n "${RECEIPTS_TEST_POSTGRES_URL:-}" ]]; then
  exec "$@"
fi

bindir=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [[ -x "$candidate/initdb" && -x "$candidate/pg_ctl" ]]; then bindir="$candidate"; break; fi
done
if [[ -z "$bindir" ]] && command -v pg_ctl >/dev/null && command -v initdb >/dev/null; then
  bindir="$(dirname "$(command -v pg_ctl)")"
fi
if [[ -z "$bindir" ]]; then
  echo "with-postgres: no PostgreSQL binaries found (install with: make test-deps); running without PostgreSQL" >&2
  exec "$@"
fi

# initdb and postgres refuse to run as root: use the postgres account then.
as_db_user=()
if [[ $(id -u) -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "with-postgres: running as root and there is no 'postgres' user to run the server; running without PostgreSQL" >&2
    exec "$@"
  fi
  as_db_user=(runuser -u postgres --)
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/receipts-pg.XXXXXX")"
[[ $(id -u) -eq 0 ]] && chown postgres: "$tmp"
log="$tmp/server.log"

cleanup() {
  "${as_db_user[@]}" "$bindir/pg_ctl" -D "$tmp/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
    || echo $(( 20000 + RANDOM % 20000 ))
}

if ! "${as_db_user[@]}" "$bindir/initdb" -D "$tmp/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$tmp/initdb.log" 2>&1; then
  echo "with-postgres: initdb failed:" >&2; cat "$tmp/initdb.log" >&2
  exit 1
fi

started=""
for attempt in 1 2 3; do
  port="$(free_port)"
  if "${as_db_user[@]}" "$bindir/pg_ctl" -D "$tmp/data" -l "$log" -w -t 30 \
      -o "-p $port -k $tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=1000" \
      start >/dev/null 2>&1; then
    started=1; break
  fi
  echo "with-postgres: start on port $port failed (attempt $attempt)" >&2
done
if [[ -z "$started" ]]; then
  echo "with-postgres: PostgreSQL did not start:" >&2; cat "$log" >&2
  exit 1
fi

if ! "${as_db_user[@]}" "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres receipts_test >>"$log" 2>&1; then
  echo "with-postgres: createdb failed:" >&2; cat "$log" >&2
  exit 1
fi

# Watchdog: stops the cluster even if this script is killed with SIGKILL (where no trap runs).
setsid bash -c 'while kill -0 "$0" 2>/dev/null; do sleep 1; done
  '"${as_db_user[*]}"' "$1/pg_ctl" -D "$2/data" -m immediate -w stop >/dev/null 2>&1; rm -rf "$2"' \
  "$$" "$bindir" "$tmp" </dev/null >/dev/null 2>&1 &

export RECEIPTS_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/receipts_test?sslmode=disable"
echo "with-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
"$@"
status=$?
exit $status
