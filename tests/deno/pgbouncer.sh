#!/usr/bin/env bash
# The contract suite against the edge function under Deno, reaching the
# database through PgBouncer in transaction mode (DB_POOLER_URL), the way past
# the connection limit that docs/operations.md ("Connections from the edge function")
# gives: a server connection is the function's for one transaction at a time.
#
#   TEST_POSTGRES_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres bash tests/deno/pgbouncer.sh [vitest args]
#
# Writes a test-only pgbouncer.ini and userlist into a temporary folder (the
# app role's password from its URL, scram-sha-256 to the server), listens on
# loopback (PGBOUNCER_PORT, default 6439), runs tests/deno/check.sh with
# TEST_DB_POOLER pointing there, and stops PgBouncer on exit. Every database
# of the server is reached through it (a wildcard entry), so each test file's
# throwaway database is. Needs Debian's pgbouncer; as root it runs as postgres.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

if [[ -z "${TEST_POSTGRES_URL:-}" ]]; then
  echo "TEST_POSTGRES_URL must name a PostgreSQL server where the tests may create databases" >&2
  exit 2
fi
if ! command -v pgbouncer >/dev/null 2>&1; then
  echo "pgbouncer not found: apt-get install pgbouncer" >&2
  exit 2
fi

port="${PGBOUNCER_PORT:-6439}"
# The role the function connects as: the URL's, or postgres on the Supabase shape.
connection="$(npx --yes tsx -e '
  import("./tests/support/throwaway-database.ts").then(({ urlFor }) => {
    const u = new URL(urlFor("postgres"))
    console.log(u.hostname, u.port || "5432", decodeURIComponent(u.username), decodeURIComponent(u.password))
  })')"
read -r server_host server_port user password <<<"$connection"

dir="$(mktemp -d)"
cleanup() {
  if [[ -f "$dir/pgbouncer.pid" ]]; then
    kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
    for _ in $(seq 1 50); do [[ -f "$dir/pgbouncer.pid" ]] || break; sleep 0.1; done
  fi
  rm -rf "$dir"
}
trap cleanup EXIT

printf '"%s" "%s"\n' "$user" "$password" >"$dir/userlist.txt"
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=${server_host} port=${server_port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = scram-sha-256
auth_file = ${dir}/userlist.txt
pool_mode = transaction
; Fewer server connections than the function opens, handed out in turn rather
; than the last one used again: session state left on one would meet others.
default_pool_size = 2
server_round_robin = 1
max_client_conn = 400
server_reset_query =
ignore_startup_parameters = extra_float_digits
stats_users = ${user}
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
INI
chmod 600 "$dir/userlist.txt"

run_pgbouncer=(pgbouncer -d -q "$dir/pgbouncer.ini")
if [[ "$(id -u)" -eq 0 ]]; then
  chown -R postgres "$dir"
  runuser -u postgres -- "${run_pgbouncer[@]}"
else
  "${run_pgbouncer[@]}"
fi
for _ in $(seq 1 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done
echo "pgbouncer $(pgbouncer --version | head -1 | awk '{print $2}'): pool_mode = transaction on 127.0.0.1:$port, in front of $server_host:$server_port as $user"

status=0
TEST_DB_POOLER="127.0.0.1:$port" bash tests/deno/check.sh "$@" || status=$?
if [[ $status -ne 0 ]]; then
  echo "pgbouncer's log:" >&2
  tail -n 40 "$dir/pgbouncer.log" >&2 || true
  exit $status
fi
# The function's transactions went through the pooler, not around it.
transactions="$(PGPASSWORD="$password" psql -X -At -h 127.0.0.1 -p "$port" -U "$user" pgbouncer \
  -c 'show stats' | awk -F'|' '$1 != "pgbouncer" {n += $2} END {print n + 0}')"
echo "transactions through pgbouncer: $transactions"
if [[ "$transactions" -eq 0 ]]; then
  echo "FAIL: no transaction went through pgbouncer" >&2
  exit 1
fi
