#!/bin/sh
# Opta tool.post hook (matcher "edit_file|write_file", "background": true): after a TypeScript file
# is written, runs the project's tests without holding the agent up, and prints the last lines of
# their report. The file is the "path" of OPTA_TOOL_ARGS.

file=$(printf '%s' "$OPTA_TOOL_ARGS" | sed -n 's/.*"path"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p')
[ -n "$file" ] || exit 0

case "${file##*.}" in
  ts | tsx) [ -f package.json ] && npm test -- --run --reporter=dot 2>&1 | tail -n 5 ;;
esac
exit 0
