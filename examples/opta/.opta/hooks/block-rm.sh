#!/bin/sh
# Opta tool.pre hook (matcher "run_command"): cancels a recursive rm before it runs. Opta cancels
# the tool call on any non-zero exit and gives the model this script's stderr instead of a result.
# It reads the call's arguments from OPTA_TOOL_ARGS (their JSON) as raw text: no jq needed.
# A guard against the common spellings (rm -r, -rf, -fr, -R, --recursive, -f -r), not a sandbox.

if printf '%s' "$OPTA_TOOL_ARGS" | grep -Eq '(^|[^[:alnum:]_-])rm([[:space:]]+-[^[:space:]"]*)*[[:space:]]+(-[[:alnum:]]*[rR]|--recursive)'; then
  echo "Blocked: destructive rm (a recursive delete) in $OPTA_TOOL_NAME" >&2
  exit 1
fi
exit 0
