#!/usr/bin/env bash
# Runs the pgTAP suite (supabase/tests/database/*.test.sql) with pg_prove
# against $DATABASE_URL, a database the migrations have already been applied to.
# Every test file works inside one transaction and rolls back, so the database
# is left as it was found (apart from the pgtap extension itself).
#
# Needs: psql and pg_prove (Debian: postgresql-client, postgresql-15-pgtap,
# libtap-parser-sourcehandler-pgtap-perl). Extra arguments go to pg_prove,
# e.g. `npm run test:db -- --verbose`.
set -euo pipefail

if [ -z "${DATABASE_URL:-}" ]; then
  echo "test:db: DATABASE_URL is not set; point it at a migrated database," >&2
  echo "  e.g. DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:5432/vitrine npm run test:db" >&2
  exit 2
fi
for tool in psql pg_prove; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "test:db: $tool not found; apt-get install postgresql-15-pgtap libtap-parser-sourcehandler-pgtap-perl" >&2
    exit 2
  fi
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# pgTAP goes into the extensions schema (where Supabase keeps it) unless it is
# installed already. The tests call its functions while acting as anon and
# authenticated, so those roles need usage on that schema, as on Supabase.
pgtap_schema="$(psql "$DATABASE_URL" -X -v ON_ERROR_STOP=1 -q -At <<'SQL'
set client_min_messages = warning;
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'pgtap') then
    create schema if not exists extensions;
    create extension pgtap with schema extensions;
  end if;
end
$$;
select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgtap';
SQL
)"
psql "$DATABASE_URL" -X -v ON_ERROR_STOP=1 -q \
  -c "grant usage on schema \"$pgtap_schema\" to anon, authenticated" >/dev/null

shopt -s nullglob
tests=("$here"/database/*.test.sql)
if [ ${#tests[@]} -eq 0 ]; then
  echo "test:db: no tests found in $here/database" >&2
  exit 1
fi

# pg_prove exits non-zero when any plan fails or does not complete.
PGOPTIONS="${PGOPTIONS:-} -c search_path=public,$pgtap_schema -c client_min_messages=warning" \
  pg_prove --dbname "$DATABASE_URL" --ext .sql "$@" "${tests[@]}"
