#!/bin/sh
# Stop hook: before the agent calls the task done, run the project's tests. When they fail,
# exit 2 keeps the agent working, with the failures as its reason. No test script, no check.

payload=$(cat)

# Stop fired again right after a block: the agent already had one try, so let it stop.
case "$payload" in *'"stop_hook_active":true'*) exit 0 ;; esac

[ -f package.json ] && grep -q '"test"[[:space:]]*:' package.json || exit 0
grep -q 'no test specified' package.json && exit 0

if ! output=$(npm test --silent 2>&1); then
  printf 'auto-test: the tests fail; fix them before stopping:\n%s\n' "$(printf '%s\n' "$output" | tail -n 30)" >&2
  exit 2
fi
