// Codex CLI's lifecycle hooks (developers.openai.com/codex/hooks: .codex/hooks.json or [hooks] in
// config.toml) take Claude Code's protocol: the same payload (tool_name "Bash", "apply_patch",
// MCP tools as mcp__server__tool), exit 2 with the reason on stderr, and Claude Code's JSON. But
// Codex's output schemas (codex-rs/hooks/schema) refuse unknown fields, so the Claude answer is
// cut down to the fields Codex reads (PermissionRequest's decision keeps behavior, message and
// interrupt: Codex fails closed on its reserved updatedInput and updatedPermissions); and its
// PreToolUse cannot ask (it runs the call), so a hook's `ask` reaches Codex as a deny that says
// approval was wanted.
import type { FireResult } from '../aggregate/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import { answerForClaude } from './claude/answer.js';
import { samePayload, type AgentAnswer, type AgentFormat } from './dialect.js';

/** The events `hookpool init --agent codex` wires: Codex's names are Claude Code's. */
export const CODEX_EVENTS = ['PreToolUse', 'PermissionRequest', 'PostToolUse', 'SessionStart', 'UserPromptSubmit', 'Stop'] as const;

const TOP_FIELDS: ReadonlySet<string> = new Set(['continue', 'decision', 'reason', 'stopReason', 'suppressOutput', 'systemMessage', 'hookSpecificOutput']);
const SPECIFIC_FIELDS: ReadonlySet<string> = new Set(['hookEventName', 'additionalContext', 'permissionDecision', 'permissionDecisionReason', 'updatedInput', 'decision']);
const PERMISSION_REQUEST_FIELDS: ReadonlySet<string> = new Set(['behavior', 'message', 'interrupt']);

// One `hookSpecificOutput` value as Codex takes it: PermissionRequest's decision object without its reserved fields.
function codexValue(key: string, value: unknown): unknown {
  if (key !== 'decision' || typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([field]) => PERMISSION_REQUEST_FIELDS.has(field)));
}

function answer(spec: EventSpec, result: FireResult, configNotices: readonly string[]): AgentAnswer {
  const asked = result.decision === 'ask' && result.continue;
  const codexResult: FireResult = asked ? { ...result, decision: 'deny', blocked: true, reason: `a hook asks for approval, which Codex cannot ask: ${result.reason ?? 'approve it by hand'}` } : result;
  const claude = answerForClaude(spec, codexResult, configNotices);
  if (claude.stdout === null || spec.plainStdout === 'worktreePath') return claude;
  const output = JSON.parse(claude.stdout) as Record<string, unknown>;
  const answerFields = Object.fromEntries(Object.entries(output).filter(([key]) => TOP_FIELDS.has(key)));
  const specific = output.hookSpecificOutput as Record<string, unknown> | undefined;
  if (specific !== undefined) {
    const kept = Object.entries(specific).filter(([key, value]) => SPECIFIC_FIELDS.has(key) && !(key === 'permissionDecision' && value === 'defer'));
    const fields = Object.fromEntries(kept.map(([key, value]) => [key, codexValue(key, value)]));
    if (Object.keys(fields).length > 1) answerFields.hookSpecificOutput = fields;
    else delete answerFields.hookSpecificOutput;
  }
  return { ...claude, stdout: Object.keys(answerFields).length === 0 ? null : JSON.stringify(answerFields) };
}

export const codexFormat: AgentFormat = { adaptPayload: samePayload, answer };
