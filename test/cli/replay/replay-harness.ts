// What the replay tests share: the recorded sessions under test/fixtures/transcripts/ and real hook
// scripts written into a throwaway project.
import { chmod } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { TempProject } from '../cli-harness.js';

export const TRANSCRIPTS = {
  claude: fileURLToPath(new URL('../../fixtures/transcripts/claude-session.jsonl', import.meta.url)),
  gemini: fileURLToPath(new URL('../../fixtures/transcripts/gemini-session.jsonl', import.meta.url)),
  /** Gemini CLI's older session file: one indented JSON document. */
  geminiLegacy: fileURLToPath(new URL('../../fixtures/transcripts/gemini-session-legacy.json', import.meta.url)),
  codex: fileURLToPath(new URL('../../fixtures/transcripts/codex-rollout.jsonl', import.meta.url)),
} as const;

/** A guard that refuses any Bash command with `rm -rf` in it (exit 2, the reason on stderr). */
export const BLOCK_RM_RF = `#!/bin/sh
input=$(cat)
case "$input" in
  *'rm -rf'*) echo "rm -rf is not allowed here: delete files one by one" >&2; exit 2 ;;
esac
exit 0
`;

/** Adds a team rule to every prompt, saying whether it runs under a replay. */
export const PROMPT_CONTEXT = `#!/usr/bin/env node
let input = '';
process.stdin.on('data', (chunk) => (input += chunk)).on('end', () => {
  const { prompt } = JSON.parse(input);
  const context = 'Team rule: answer in English (replay=' + process.env.HOOKPOOL_REPLAY + ', ' + prompt.length + ' chars)';
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: context } }));
});
`;

/** Rewrites every Edit to stay inside the project: the path under /home/dev/greeter becomes relative. */
export const REWRITE_EDIT = `#!/usr/bin/env node
let input = '';
process.stdin.on('data', (chunk) => (input += chunk)).on('end', () => {
  const { tool_input: toolInput } = JSON.parse(input);
  const updatedInput = { ...toolInput, file_path: String(toolInput.file_path).replace('/home/dev/greeter/', '') };
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput } }));
});
`;

/** Writes an executable script under the project's .hookpool/hooks/ and returns its absolute path. */
export async function writeScript(project: TempProject, name: string, text: string): Promise<string> {
  const path = await project.write(`.hookpool/hooks/${name}`, text);
  await chmod(path, 0o755);
  return path;
}

/** The event lines of `replay --json`, parsed. */
export function parseReplayJson(stdout: string): { events: ReplayedEvent[]; summary: Record<string, any> } {
  return JSON.parse(stdout);
}

export interface ReplayedEvent {
  readonly index: number;
  readonly line: number;
  readonly event: string;
  readonly tool: string | null;
  readonly subject: string | null;
  readonly verdict: string;
  readonly reason: string | null;
  readonly decidedBy: { hook: string; reason: string | null }[];
  readonly updatedInput: Record<string, unknown> | null;
  readonly additionalContext: string | null;
  readonly failures: { hook: string; message: string }[];
  readonly hooks: { id: string; status: string; exitCode: number | null; durationMs: number }[];
  readonly durationMs: number;
  readonly startedMs: number;
}
