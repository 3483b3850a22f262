#!/usr/bin/env bash
# A local PostgreSQL shaped like a Supabase project where Vitrine meets it
# (docs/RELIABILITY.md, "Supabase as it runs"): a cluster whose superuser is
# supabase_admin, a `postgres` role that is no superuser, the API roles,
# Supabase's default privileges on public, pgcrypto in `extensions`, and
# Storage's tables owned by supabase_storage_admin.
#
#   supabase/tests/supabase-shape.sh [database ...]
#
# As root on Debian it creates and starts the cluster SHAPE_CLUSTER (default
# supashape) on SHAPE_PORT (default 5434) when it is missing; otherwise the
# cluster must already run there with the superuser supabase_admin. It then
# sets up the roles, (re)creates the template database supabase_shape that the
# tests clone (TEST_POSTGRES_SHAPE=supabase, tests/support/throwaway-database.ts)
# and every database named, each owned by postgres, dropping what was there.
# Passwords are test-only (supabase_admin: SHAPE_ADMIN_PASSWORD, default
# supabase_admin; postgres: postgres); keep the cluster on loopback.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
version=15
cluster="${SHAPE_CLUSTER:-supashape}"
port="${SHAPE_PORT:-5434}"
password="${SHAPE_ADMIN_PASSWORD:-supabase_admin}"
admin_url="postgresql://supabase_admin:${password}@127.0.0.1:${port}"

if [ "$(id -u)" -eq 0 ] && command -v pg_createcluster >/dev/null 2>&1; then
  if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "${version} ${cluster}"; then
    pwfile="$(mktemp)"
    printf '%s\n' "$password" >"$pwfile"
    chown postgres "$pwfile"
    pg_createcluster "$version" "$cluster" -p "$port" -- -U supabase_admin --pwfile="$pwfile" >/dev/null
    rm -f "$pwfile"
  fi
  if ! pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c {print $4}' | grep -q online; then
    # Its start-up check connects as `postgres`, which does not exist yet the first time.
    pg_ctlcluster "$version" "$cluster" start 2>/dev/null
  fi
fi
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 1
done

admin() { psql "$admin_url/$1" -X -v ON_ERROR_STOP=1 -q "${@:2}"; }

admin postgres -c 'set client_min_messages = warning' -f "$here/supabase-shape/roles.sql"

shape() {
  local database=$1 template=${2:-false}
  admin postgres <<SQL
set client_min_messages = warning;
select format('alter database %I is_template false', datname) from pg_database
 where datname = '${database}' and datistemplate \\gexec
drop database if exists "${database}" with (force);
create database "${database}" owner postgres is_template ${template};
SQL
  admin "$database" -f "$here/supabase-shape/database.sql"
}

# Throwaway databases made from an older shape would differ: drop them with it.
admin postgres -At -c "select datname from pg_database where datname like 'vitrine\_tpl\_%'" |
  while read -r old; do
    admin postgres -c "drop database if exists \"$old\" with (force)"
  done
shape supabase_shape true
for database in "$@"; do shape "$database"; done

echo "Supabase-shaped PostgreSQL on port ${port}:"
echo "  superuser:  ${admin_url}/postgres"
for database in "$@"; do
  echo "  as postgres: postgresql://postgres:postgres@127.0.0.1:${port}/${database}"
done
