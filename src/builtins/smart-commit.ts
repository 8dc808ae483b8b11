// Autohand's smart commit ("automatically runs lint, test, and creates a commit with an
// LLM-generated message"): when the agent stops, it runs the project's lint, then its tests, and
// when both pass commits what is staged, with a message from the engine's prompt evaluator when
// it has one, else written from the staged changes. Off unless SMART_COMMIT_HOOK is 1/true in the
// hook's environment or its `enabled` option says so; nothing staged, or no repository, is nothing
// to do. It runs on the agent's thread (builtin-modules.ts), where the evaluator is.
import type { InWorkerHook, InWorkerHookContext } from '../run/in-worker-hook.js';
import { errorLine } from '../run/in-worker-answer.js';
import { readBuiltinOptions, smartCommitOptions } from './builtin-options.js';
import { commitMessagePrompt, readCommitMessage } from './evaluated-commit-message.js';
import { writeCommitMessage, parseNameStatus } from './commit-message.js';
import { noteForUser } from './hook-answers.js';
import { projectChecks } from './project-checks.js';
import { firstLine, runProgram, type ProgramResult } from './run-program.js';

const GIT_TIMEOUT_MS = 30_000;
// Each check's own bound; the hook's timeout (10 minutes) bounds them all.
const CHECK_TIMEOUT_MS = 300_000;

/** Checks, then commits the staged changes in the project's repository; answers a note saying what it did. */
const smartCommit: InWorkerHook = async (_input, context) => {
  const options = readBuiltinOptions('smart-commit', smartCommitOptions, context.options);
  const switchedOn = ['1', 'true'].includes((context.env.SMART_COMMIT_HOOK ?? '').toLowerCase());
  if (!options.enabled && !switchedOn) return undefined;
  const run = (file: string, args: readonly string[], timeoutMs = GIT_TIMEOUT_MS) => runProgram(file, args, { cwd: context.projectDir, env: context.env, signal: context.signal, timeoutMs });
  const staged = await run('git', ['diff', '--cached', '--name-status', '--no-renames', '-z']);
  if (staged.code !== 0) return undefined;
  const nameStatus = zeroSeparatedToLines(staged.stdout);
  const changes = parseNameStatus(nameStatus);
  if (changes.length === 0) return undefined;

  const checks = await projectChecks(context.projectDir, options);
  for (const check of checks.run) {
    const result = await run(check.argv[0]!, check.argv.slice(1), CHECK_TIMEOUT_MS);
    if (result.code !== 0) return noteForUser(`smart commit: nothing committed: ${check.name} failed (${check.argv.join(' ')}): ${lastLine(result)}`);
  }

  const message = await messageFor(nameStatus, changes, context, run);
  const args = ['commit', '--quiet', '-m', message.subject, ...(message.body === '' ? [] : ['-m', message.body]), ...(options.noVerify ? ['--no-verify'] : [])];
  const committed = await run('git', args);
  if (committed.code !== 0) return noteForUser(`smart commit: git commit failed: ${firstLine(committed.stderr || committed.stdout)}`);
  const head = await run('git', ['rev-parse', '--short', 'HEAD']);
  const notes = [...checks.missing.map((name) => `no ${name} script, not run`), message.note];
  return noteForUser(`smart commit: ${head.stdout.trim()} ${message.subject} (${notes.join('; ')})`);
};

type Run = (file: string, args: readonly string[]) => Promise<ProgramResult>;

// The evaluator's message when there is one and it answers; else one written from the changes, saying why.
async function messageFor(nameStatus: string, changes: ReturnType<typeof parseNameStatus>, context: InWorkerHookContext, run: Run): Promise<{ subject: string; body: string; note: string }> {
  const written = (why: string) => ({ ...writeCommitMessage(changes), note: `message written from the changes: ${why}` });
  if (context.evaluate === undefined) return written('no prompt evaluator');
  const diff = await run('git', ['diff', '--cached', '--no-color', '--no-ext-diff']);
  let reply: unknown;
  try {
    reply = await context.evaluate(commitMessagePrompt(nameStatus, diff.stdout));
  } catch (error) {
    return written(`the prompt evaluator failed: ${errorLine(error)}`);
  }
  const message = readCommitMessage(reply);
  return 'problem' in message ? written(message.problem) : { ...message, note: 'message from the prompt evaluator' };
}

// `-z` output is `M\0path\0A\0path\0`: back to `M\tpath` lines, safe for names with tabs or newlines.
function zeroSeparatedToLines(text: string): string {
  const parts = text.split('\0').filter((part) => part !== '');
  const lines: string[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2) lines.push(`${parts[index]}\t${parts[index + 1]!.replace(/[\t\n]/g, ' ')}`);
  return lines.join('\n');
}

// A failing check says why at the end of its output (a test runner's summary).
function lastLine(result: ProgramResult): string {
  const lines = `${result.stdout}\n${result.stderr}`.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  return (lines.at(-1) ?? `exit code ${result.code ?? 'none'}`).slice(0, 200);
}

export default smartCommit;
