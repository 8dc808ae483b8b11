#!/bin/sh
# Notification hook, configured with "background": true: the agent never waits for it.
# Appends one line per notification to a log in the OS temp dir. For a real alert, replace
# the last line with notify-send, osascript or a chat webhook.

payload=$(cat)
message=$(printf '%s' "$payload" | sed -n 's/.*"message"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p')
kind=$(printf '%s' "$payload" | sed -n 's/.*"notification_type"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p')

printf '%s %s: %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "${kind:-notification}" "$message" >>"${TMPDIR:-/tmp}/hookpool-notifications.log"
