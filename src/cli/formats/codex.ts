// Codex CLI's lifecycle hooks (developers.openai.com/codex/hooks: .codex/hooks.json or [hooks] in
// config.toml) take Claude Code's protocol: the same payload (tool_name "Bash", "apply_patch",
// MCP tools as mcp__server__tool), exit 2 with the reason on stderr, and Claude Code's JSON. But
// Codex's output schemas (codex-rs/hooks/schema) refuse unknown fields, so the Claude answer is
// cut down to the fields Codex reads; and its PreToolUse cannot ask (it runs the call), so a
// hook's `ask` reaches Codex as a deny that says approval was wanted.
import type { FireResult } from '../../aggregate/fire-result.js';
import type { EventSpec } from '../../events/event-specs.js';
import { answerForClaude } from '../claude-answer.js';
import { samePayload, type AgentAnswer, type AgentFormat } from './agent-format.js';

/** The events `hookpool init --agent codex` wires: Codex's names are Claude Code's. */
export const CODEX_EVENTS = ['PreToolUse', 'PermissionRequest', 'PostToolUse', 'SessionStart', 'UserPromptSubmit', 'Stop'] as const;

const TOP_FIELDS: ReadonlySet<string> = new Set(['continue', 'decision', 'reason', 'stopReason', 'suppressOutput', 'systemMessage', 'hookSpecificOutput']);
const SPECIFIC_FIELDS: ReadonlySet<string> = new Set(['hookEventName', 'additionalContext', 'permissionDecision', 'permissionDecisionReason', 'updatedInput', 'decision']);

function answer(spec: EventSpec, result: FireResult, configNotices: readonly string[]): AgentAnswer {
  const asked = result.decision === 'ask' && result.continue;
  const codexResult: FireResult = asked ? { ...result, decision: 'deny', blocked: true, reason: `a hook asks for approval, which Codex cannot ask: ${result.reason ?? 'approve it by hand'}` } : result;
  const claude = answerForClaude(spec, codexResult, configNotices);
  if (claude.stdout === null || spec.plainStdout === 'worktreePath') return claude;
  const output = JSON.parse(claude.stdout) as Record<string, unknown>;
  const kept = Object.fromEntries(Object.entries(output).filter(([key]) => TOP_FIELDS.has(key)));
  const specific = output.hookSpecificOutput as Record<string, unknown> | undefined;
  if (specific !== undefined) {
    const fields = Object.fromEntries(Object.entries(specific).filter(([key, value]) => SPECIFIC_FIELDS.has(key) && !(key === 'permissionDecision' && value === 'defer')));
    if (Object.keys(fields).length > 1) kept.hookSpecificOutput = fields;
    else delete kept.hookSpecificOutput;
  }
  return { ...claude, stdout: Object.keys(kept).length === 0 ? null : JSON.stringify(kept) };
}

export const codexFormat: AgentFormat = { adaptPayload: samePayload, answer };
