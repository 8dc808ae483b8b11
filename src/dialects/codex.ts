// Codex CLI's lifecycle hooks (0.171: .codex/hooks.json in a trusted project, or ~/.codex/hooks.json)
// take Claude Code's protocol: Claude Code's event names, its input fields, `Bash` for the shell
// tool and `apply_patch` (the patch text in `command`) for every file change, exit 2 with the
// reason on stderr, and Claude Code's JSON. But Codex's output schemas refuse unknown fields
// (`additionalProperties: false`: a deny with one extra field is dropped and the call runs), so the
// Claude answer is cut down to the fields Codex reads; PermissionRequest's decision keeps behavior,
// message and interrupt. Its PreToolUse cannot ask (`ask` counts as a failed hook and the call
// runs), so a hook's `ask` reaches Codex as a deny that says approval was wanted. Codex has no
// fail-closed setting (exit 1, a timeout or a missing script let the call run), so the entries
// turn hookpool's own failures into exit 2 with the reason.
import type { FireResult } from '../model/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import { answerForClaude } from './claude/answer.js';
import type { EventName } from '../events/event-specs.js';
import type { AgentAnswer, Dialect } from './dialect.js';
import { commandAgentSettings } from './settings/command-agent-settings.js';
import { refuseOnOtherExit } from './settings/entry-command.js';
import { agentToolInput, AGENT_TOOL_NAME_FIELD, canonicalToolCall, type ToolTable } from './tools.js';

const EVENTS: Readonly<Record<string, EventName>> = Object.fromEntries(
  (['PreToolUse', 'PermissionRequest', 'PostToolUse', 'PreCompact', 'PostCompact', 'SessionStart', 'SessionEnd', 'UserPromptSubmit', 'Stop', 'SubagentStart', 'SubagentStop'] as const).map((event) => [event, event]),
);

// `apply_patch` adds, updates, deletes and moves files: a patch that only adds files is a Write, any other an Edit.
const PATCH_FILE = /^\*\*\* (Add|Update|Delete) File: (.+)$/gm;
const TOOLS: ToolTable = {
  Bash: { tool: 'Bash' },
  apply_patch: {
    tool: 'Edit',
    or: { tools: ['Write'], choose: (input) => (onlyAddsFiles(input) ? 'Write' : 'Edit') },
    derive: (input) => {
      const files = [...patchFiles(input)].map(([, path]) => path);
      return files.length === 0 ? {} : { file_path: files[0], file_paths: files };
    },
  },
};

function onlyAddsFiles(input: Record<string, unknown>): boolean {
  const files = [...patchFiles(input)];
  return files.length > 0 && files.every(([kind]) => kind === 'Add');
}

function* patchFiles(input: Record<string, unknown>): Generator<[string, string]> {
  if (typeof input.command !== 'string') return;
  for (const match of input.command.matchAll(PATCH_FILE)) yield [match[1]!, match[2]!.trim()];
}

const TOP_FIELDS: ReadonlySet<string> = new Set(['continue', 'decision', 'reason', 'stopReason', 'suppressOutput', 'systemMessage', 'hookSpecificOutput']);
const SPECIFIC_FIELDS: ReadonlySet<string> = new Set(['hookEventName', 'additionalContext', 'permissionDecision', 'permissionDecisionReason', 'updatedInput', 'decision']);
const PERMISSION_REQUEST_FIELDS: ReadonlySet<string> = new Set(['behavior', 'message', 'interrupt']);

// One `hookSpecificOutput` value as Codex takes it: PermissionRequest's decision object without its reserved fields.
function codexValue(key: string, value: unknown): unknown {
  if (key !== 'decision' || typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([field]) => PERMISSION_REQUEST_FIELDS.has(field)));
}

function answer(spec: EventSpec, result: FireResult, configNotices: readonly string[], input: Record<string, unknown>): AgentAnswer {
  const asked = result.decision === 'ask' && result.continue;
  const updatedInput = agentToolInput(TOOLS, input[AGENT_TOOL_NAME_FIELD], result.updatedInput) as FireResult['updatedInput'];
  // Codex reads a bare "allow" as a failed hook (it only takes allow with a rewrite): no decision says the same.
  const bareAllow = result.decision === 'allow' && updatedInput === null && spec.permissionAnswer === 'permissionDecision';
  const codexResult: FireResult = asked
    ? { ...result, decision: 'deny', blocked: true, reason: `a hook asks for approval, which Codex cannot ask: ${result.reason ?? 'approve it by hand'}` }
    : { ...result, updatedInput, decision: bareAllow ? null : result.decision };
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

export const codexDialect: Dialect = {
  name: 'codex',
  agent: 'Codex',
  events: EVENTS,
  tools: TOOLS,
  readInput: (_event, input) => canonicalToolCall(TOOLS, input),
  answer,
  showsNotices: (spec) => spec.topLevelFields.has('systemMessage'),
  settings: commandAgentSettings({
    dialect: 'codex',
    file: '.codex/hooks.json',
    emptyDocument: {},
    events: EVENTS,
    tools: TOOLS,
    // Claude Code's shape; the matcher is a regular expression on Codex's tool name; timeout in seconds.
    item: ({ command, timeoutSeconds, agentTools }) => ({
      ...(agentTools === null ? {} : { matcher: `^(${agentTools.join('|')})$` }),
      hooks: [{ type: 'command', command, timeout: timeoutSeconds }],
    }),
    refuseOnFailure: refuseOnOtherExit,
    guardsProceedWhen: 'hookpool times out (Codex has no fail-closed setting)',
    enablingSteps: (projectDir) => [
      `Codex reads .codex/hooks.json only in a trusted project: trust ${projectDir} when Codex asks on its first start there`,
      'Codex runs a hook only once you have reviewed it: start codex in the project, type /hooks and trust the hookpool entries (again after init changes them)',
      'Codex has no fail-closed setting: a hookpool that times out (past the entry\'s timeout) lets the call through; keep hooks well under it',
    ],
  }),
};
