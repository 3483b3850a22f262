#!/usr/bin/env bash
# The edge function under Deno, as Supabase runs it:
#   1. `deno check --frozen`: the function type-checks and deno.lock is current;
#   2. the whole contract suite (tests/api) against it: tests/support/api-harness.ts
#      starts the function once per test file on a throwaway database cloned
#      from a migrated template, with images in a stand-in for Supabase Storage;
#   3. no Deno process it started is left running.
#   TEST_POSTGRES_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npm run test:deno
# With TEST_POSTGRES_SHAPE=supabase, on a server supabase/tests/supabase-shape.sh
# prepared, as Supabase's non-superuser postgres (tests/support/throwaway-database.ts).
# Extra arguments go to vitest (test files or -t filters). DENO_CHECK_ONLY=1
# stops after step 1.
# DENO_VERSION picks the Deno (docs/decisions/008): the current one by default,
# or 2.1.4, the one Supabase's edge runtime is built on. That Deno reads
# lockfiles up to version 4: it gets deno.lock rewritten as the hosted runtime
# rewrites it (tests/deno/lockfile-v4.ts), in a temporary folder.
# Deno fetches the pinned npm packages of supabase/functions/api/deno.json from
# the npm registry into node_modules/.cache/deno on the first run.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

if [[ -z "${TEST_POSTGRES_URL:-}" ]]; then
  echo "TEST_POSTGRES_URL must name a PostgreSQL server where the tests may create databases" >&2
  echo "(e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres)" >&2
  exit 2
fi

export DENO_VERSION="${DENO_VERSION:-$(npx --yes tsx -e 'import("./tests/support/edge-function.ts").then((m) => console.log(m.CURRENT_DENO))')}"
# One cache per Deno: the two write their caches in different layouts.
export DENO_DIR="${DENO_DIR:-$root/node_modules/.cache/deno-$DENO_VERSION}"
export DENO_TLS_CA_STORE="${DENO_TLS_CA_STORE:-system,mozilla}"
deno="$(npx --yes tsx -e 'import("./tests/support/edge-function.ts").then((m) => console.log(m.denoBinary()))')"
echo "deno: $("$deno" --version | head -1)"

config=supabase/functions/api/deno.json
entry=supabase/functions/api/index.ts
if [[ "$DENO_VERSION" == 2.1.* ]]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  npx --yes tsx tests/deno/lockfile-v4.ts write "$tmp/deno.lock"
  cp "$tmp/deno.lock" "$tmp/checked.lock"
  # Deno 2.1's type checker adds Node's types (npm:@types/node) to the
  # lockfile it works with, which --frozen counts as out of date; it runs on a
  # copy, which must then hold nothing else new.
  echo "deno check $entry (deno.lock as version 4)"
  "$deno" check --lock="$tmp/checked.lock" --config "$config" "$entry"
  npx --yes tsx tests/deno/lockfile-v4.ts unchanged "$tmp/deno.lock" "$tmp/checked.lock"
  export TEST_DENO_LOCK="$tmp/deno.lock"
else
  echo "deno check --frozen $entry"
  "$deno" check --frozen --config "$config" "$entry"
fi

if [[ "${DENO_CHECK_ONLY:-}" == 1 ]]; then exit 0; fi

TEST_DENO=1 npx vitest run --project api-deno "$@"

# Only this checkout's: on a shared machine other checkouts run their own.
if pgrep -f "$root/$entry" >/dev/null; then
  echo "FAIL: a Deno process serving $root/$entry outlived the tests:" >&2
  pgrep -af "$root/$entry" >&2
  exit 1
fi
echo "no Deno process left running"
