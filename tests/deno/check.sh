#!/usr/bin/env bash
# Runs the edge function under Deno, as Supabase would, against a real Postgres
# that already has the migrations and the seed, and checks that it answers.
#   DATABASE_URL=postgresql://user:pass@host:5432/db npm run test:deno
# Deno fetches the pinned npm packages of supabase/functions/api/deno.json from
# the npm registry into node_modules/.cache/deno on the first run.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

if [[ -z "${DATABASE_URL:-}" ]]; then
  echo "DATABASE_URL must point at a Postgres with the migrations and seed applied" >&2
  echo "(e.g. npx supabase@3.1.0 db push --db-url \"\$DATABASE_URL\" --include-seed)" >&2
  exit 2
fi

export DENO_DIR="${DENO_DIR:-$root/node_modules/.cache/deno}"
port="${DENO_PORT:-$((20000 + RANDOM % 20000))}"
base="http://127.0.0.1:$port/api"
config=supabase/functions/api/deno.json
entry=supabase/functions/api/index.ts
log="$(mktemp)"
# The binary itself (the npm package's, else one on PATH), not an npx wrapper,
# so the pid below is Deno's and killing it stops the server.
# Deno comes from the npm registry at a pinned version (its npm package ships the
# binary for this platform); a deno already on PATH is used as it is.
DENO_VERSION=2.9.6
if command -v deno >/dev/null 2>&1; then deno=(deno); else deno=(npx --yes "deno@${DENO_VERSION}"); fi
pid=""

cleanup() {
  if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -f "$log"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  echo "--- function output ---" >&2
  cat "$log" >&2 || true
  exit 1
}

echo "deno check $entry"
"${deno[@]}" check --no-lock --config "$config" "$entry"

echo "starting the function on port $port"
SUPABASE_DB_URL="$DATABASE_URL" \
  JWT_SECRET="${JWT_SECRET:-deno-check-secret-that-is-at-least-32-bytes-long}" \
  SUPABASE_URL="" SUPABASE_SERVICE_ROLE_KEY="" \
  DENO_SERVE_ADDRESS="tcp:127.0.0.1:$port" \
  "${deno[@]}" run --no-lock --config "$config" \
  --allow-net --allow-env --allow-read --allow-sys "$entry" >"$log" 2>&1 &
pid=$!

ready=""
for _ in $(seq 1 120); do
  if ! kill -0 "$pid" 2>/dev/null; then fail "the function exited before listening"; fi
  if curl -fsS "$base/health" >/dev/null 2>&1; then ready=1; break; fi
  sleep 0.5
done
[[ -n "$ready" ]] || fail "the function did not answer $base/health within 60 s"

health="$(curl -fsS "$base/health")" || fail "GET /api/health"
node -e 'const b = JSON.parse(process.argv[1]); if (b.status !== "ok") process.exit(1)' "$health" \
  || fail "GET /api/health answered $health"
echo "ok   GET /api/health -> $health"

projects="$(curl -fsS "$base/projects")" || fail "GET /api/projects"
count="$(node -e 'const b = JSON.parse(process.argv[1]); if (!Array.isArray(b) || b.length < 1 || !b.every((p) => p.name && Array.isArray(p.technologies))) process.exit(1); console.log(b.length)' "$projects")" \
  || fail "GET /api/projects did not answer the seeded projects: ${projects:0:300}"
echo "ok   GET /api/projects -> $count projects"

status="$(curl -s -o /dev/null -w '%{http_code}' "$base/users")"
[[ "$status" == 401 ]] || fail "GET /api/users without a token answered $status, expected 401"
echo "ok   GET /api/users without a token -> 401"

acao="$(curl -s -o /dev/null -D - -X OPTIONS "$base/projects" -H 'Origin: https://portfolio.example.com' \
  -H 'Access-Control-Request-Method: POST' | tr -d '\r' | awk -F': ' 'tolower($1) == "access-control-allow-origin" { print $2 }')"
[[ -n "$acao" ]] || fail "OPTIONS /api/projects answered no Access-Control-Allow-Origin"
echo "ok   OPTIONS /api/projects (CORS preflight) -> allow origin $acao"

echo "Deno edge function check passed"
