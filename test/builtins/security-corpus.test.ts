// Both security built-ins over the corpus in corpus/: every dangerous call refused (by the rule its
// section names), and the safe calls counted: each one refused is a false positive, printed with
// the reason. The threshold is 0: the safe corpus lists what must pass, so a refusal there is
// either a bug or a rule decision to move the call out (into dangerous.txt, or docs/builtins.md's list
// of deliberate refusals), never a number to live with.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import dangerousToolBlocker from '../../src/builtins/dangerous-tool-blocker.js';
import securityGuard from '../../src/builtins/security-guard.js';
import type { InWorkerHook } from '../../src/run/in-worker-hook.js';
import { builtinContext } from './builtin-context.js';

const PROJECT = '/work/project';
const HOME = '/home/me';
const MAX_FALSE_POSITIVES = 0;

/** One call of the corpus. */
interface CorpusCall {
  readonly line: number;
  readonly text: string;
  readonly toolName: string;
  readonly toolInput: Record<string, unknown>;
  /** dangerous.txt: the rule that must refuse it. */
  readonly rule: string | null;
}

const TOOL_LINE = /^(Read|NotebookRead|Write|Edit|MultiEdit|NotebookEdit|Grep|Glob) (\{.*\})$/;

function readCorpus(name: string): CorpusCall[] {
  const calls: CorpusCall[] = [];
  let rule: string | null = null;
  readFileSync(new URL(`./corpus/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      const section = /^## (\S+)$/.exec(raw);
      if (section !== null) {
        rule = section[1]!;
        return;
      }
      if (raw.trim() === '' || raw.startsWith('#')) return;
      const text = raw.split(' ## ')[0]!.trim();
      const tool = TOOL_LINE.exec(text);
      calls.push(tool === null ? { line: index + 1, text, toolName: 'Bash', toolInput: { command: text }, rule } : { line: index + 1, text, toolName: tool[1]!, toolInput: JSON.parse(tool[2]!) as Record<string, unknown>, rule });
    });
  return calls;
}

const GUARDS: readonly [string, InWorkerHook][] = [
  ['security-guard', securityGuard],
  ['dangerous-tool-blocker', dangerousToolBlocker],
];
const context = builtinContext('PreToolUse', { projectDir: PROJECT, env: { HOME, PATH: '/usr/bin:/bin' } });

// The deny reason a guard gives, or null when it lets the call through.
async function refusal(guard: InWorkerHook, call: CorpusCall): Promise<string | null> {
  const answer = (await guard({ session_id: 's', cwd: PROJECT, hook_event_name: 'PreToolUse', tool_name: call.toolName, tool_input: call.toolInput }, context)) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } } | undefined;
  return answer?.hookSpecificOutput?.permissionDecision === 'deny' ? (answer.hookSpecificOutput.permissionDecisionReason ?? '') : null;
}

const dangerous = readCorpus('dangerous.txt');
const safe = readCorpus('safe.txt');

describe('the security corpus', () => {
  it('holds at least 200 dangerous and 200 safe calls, every dangerous one under a rule section', () => {
    expect(dangerous.length).toBeGreaterThanOrEqual(200);
    expect(safe.length).toBeGreaterThanOrEqual(200);
    expect(dangerous.filter((call) => call.rule === null)).toEqual([]);
  });

  it.each(GUARDS)('%s refuses every dangerous call, by the rule of its section (no false negative)', async (_name, guard) => {
    const misses: string[] = [];
    for (const call of dangerous) {
      const reason = await refusal(guard, call);
      if (reason === null) misses.push(`line ${call.line}: ${call.text} (expected ${call.rule}): not refused`);
      else if (!reason.includes(`(rule ${call.rule},`)) misses.push(`line ${call.line}: ${call.text} (expected ${call.rule}): ${reason}`);
    }
    expect(misses).toEqual([]);
  });

  it.each(GUARDS)('%s lets the safe calls through: false positives are printed and held to the threshold', async (name, guard) => {
    const falsePositives: string[] = [];
    for (const call of safe) {
      const reason = await refusal(guard, call);
      if (reason !== null) falsePositives.push(`line ${call.line}: ${call.text} -> ${reason}`);
    }
    console.log(`${name}: ${dangerous.length} dangerous calls, 0 false negatives (asserted above); ${safe.length} safe calls, ${falsePositives.length} false positive(s)${falsePositives.map((entry) => `\n  ${entry}`).join('')}`);
    expect(falsePositives.length, falsePositives.join('\n')).toBeLessThanOrEqual(MAX_FALSE_POSITIVES);
  });
});
