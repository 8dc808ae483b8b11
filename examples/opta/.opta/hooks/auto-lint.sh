#!/bin/sh
# Opta tool.post hook (matcher "edit_file|write_file|multi_edit"): fixes what the project's own
# linter can in the file the agent just wrote. The file is the "path" of OPTA_TOOL_ARGS. Opta reads
# nothing back from a tool.post hook, so it always exits 0.

file=$(printf '%s' "$OPTA_TOOL_ARGS" | sed -n 's/.*"path"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p')
[ -n "$file" ] && [ -f "$file" ] || exit 0

case "${file##*.}" in
  ts | tsx | js | jsx) set -- ./node_modules/.bin/eslint --fix ;;
  py) set -- ruff check --fix ;;
  *) exit 0 ;;
esac

# Only a linter that is installed: never download one (as npx would) inside the agent's loop.
command -v "$1" >/dev/null 2>&1 || exit 0
"$@" "$file" >/dev/null 2>&1
exit 0
