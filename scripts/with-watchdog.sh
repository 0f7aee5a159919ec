#!/usr/bin/env bash
# Runs a command with a deadline. A test run that hangs (a deadlock, a child that never
# exits) would otherwise spin until CI gives up and print nothing useful; past the deadline
# this prints every thread's stack of the still-running processes, then stops them.
#   scripts/with-watchdog.sh SECONDS COMMAND [ARGS...]
set -uo pipefail
limit="$1"; shift

"$@" &
pid=$!
waited=0
while kill -0 "$pid" 2>/dev/null; do
  if (( waited >= limit )); then
    echo "with-watchdog: '$*' still running after ${limit}s; stacks follow, then it is stopped." >&2
    for child in $(pgrep -P "$pid") $(pgrep -f '\.xctest' || true); do
      echo "=== process $child: $(tr '\0' ' ' < /proc/"$child"/cmdline 2>/dev/null | cut -c1-200)" >&2
      if command -v gdb >/dev/null; then
        timeout 120 gdb -p "$child" -batch -nx -ex 'set pagination off' -ex 'thread apply all bt 25' 2>&1 \
          | grep -E '^(Thread|#)' | cut -c1-240 >&2
      fi
    done
    pkill -TERM -P "$pid"; kill -TERM "$pid"; sleep 5
    pkill -KILL -f '\.xctest' ; kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    exit 124
  fi
  sleep 5
  waited=$((waited + 5))
done
wait "$pid"
