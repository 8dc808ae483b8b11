#!/bin/sh
# PostToolUse hook for Edit|Write: lint the file the agent just changed with the linter the
# project already has. Exit 2 feeds the complaints back to the model; no linter, no complaint.

payload=$(cat)
file=$(printf '%s' "$payload" | sed -n 's/.*"file_path"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p')
[ -n "$file" ] && [ -f "$file" ] || exit 0

case "$file" in
  *.ts | *.tsx | *.js | *.jsx | *.mjs | *.cjs) set -- ./node_modules/.bin/eslint ;;
  *.py) set -- ruff check ;;
  *.sh) set -- shellcheck ;;
  *) exit 0 ;;
esac

# Only a linter that is installed: never download one (as npx would) inside the agent's loop.
command -v "$1" >/dev/null 2>&1 || exit 0

if ! output=$("$@" "$file" 2>&1); then
  printf 'auto-lint: %s has problems:\n%s\n' "$file" "$output" >&2
  exit 2
fi
