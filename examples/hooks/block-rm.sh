#!/bin/sh
# PreToolUse hook for Bash: refuse `rm -rf` (also -fr, -Rf, -r -f) before it runs.
# Exit 2 blocks the tool call, and what goes to stderr is the reason the model reads.
# A guard against the common spelling, not a sandbox: `find -delete` still gets through.

payload=$(cat)

# The payload is one line of JSON; matching its raw text needs no jq.
if printf '%s' "$payload" | grep -Eq '(^|[^[:alnum:]_-])rm[[:space:]]+(-[[:alnum:]]*[rR][[:alnum:]]*f|-[[:alnum:]]*f[[:alnum:]]*[rR]|-[rR][[:space:]]+-f|-f[[:space:]]+-[rR])'; then
  echo "block-rm: 'rm -rf' is not allowed here; delete specific files, or ask the user to" >&2
  exit 2
fi
exit 0
