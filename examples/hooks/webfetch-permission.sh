#!/bin/sh
# PreToolUse hook for WebFetch that answers in Claude Code's JSON protocol: documentation
# sites are allowed without asking, plain http is upgraded to https (updatedInput), and any
# other site is left to the user ("ask"). It reads its stdin JSON with `node -e`: no jq needed.

exec node -e '
const payload = JSON.parse(require("fs").readFileSync(0, "utf8"));
const toolInput = payload.tool_input || {};
let url;
try { url = new URL(toolInput.url); } catch { process.exit(0); } // no URL: not ours to judge

const allowlist = ["nodejs.org", "developer.mozilla.org", "docs.python.org", "github.com"];
const allowed = allowlist.some((host) => url.hostname === host || url.hostname.endsWith("." + host));
const answer = { hookEventName: "PreToolUse" };
if (url.protocol === "http:") {
  url.protocol = "https:";
  answer.updatedInput = { ...toolInput, url: url.href };
}
answer.permissionDecision = allowed ? "allow" : "ask";
answer.permissionDecisionReason = url.hostname + (allowed ? " is on the documentation allowlist" : " is not on the allowlist");
console.log(JSON.stringify({ hookSpecificOutput: answer }));
'
