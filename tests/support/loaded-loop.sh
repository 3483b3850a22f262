#!/usr/bin/env bash
# Runs web test files again and again while busy loops hold the cores, to show
# that tests which once failed only on a loaded machine now pass in a row
# (docs/TESTING.md, "The first screens under load").
#   bash tests/support/loaded-loop.sh [runs] [busy loops] [files...]
# Stops at the first failing run and keeps each run's log in $TMPDIR.
set -u
runs=${1:-10}
busy=${2:-3}
shift 2 2>/dev/null || shift $#
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(src/features/account src/features/configurations src/features/users
    src/features/technologies/components/technology-form.test.tsx)
fi
cd "$(dirname "$0")/../.."
for _ in $(seq 1 "$busy"); do (while :; do :; done) & done
trap 'kill $(jobs -p) 2>/dev/null' EXIT
logs=${TMPDIR:-/tmp}
for run in $(seq 1 "$runs"); do
  start=$(date +%s)
  npx vitest run --project web "${files[@]}" > "$logs/loaded-run-$run.log" 2>&1
  status=$?
  summary=$(sed 's/\x1b\[[0-9;]*m//g' "$logs/loaded-run-$run.log" | grep -E '^ +Tests ' | tr -s ' ')
  echo "run $run: exit $status, $(($(date +%s) - start)) s, load $(cut -d' ' -f1 /proc/loadavg),$summary"
  if [ "$status" -ne 0 ]; then
    echo "failed: $logs/loaded-run-$run.log"
    exit "$status"
  fi
done
