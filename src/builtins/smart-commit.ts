// Autohand's smart commit: when the agent stops, commits what is staged with a message written
// from the staged changes. Off unless SMART_COMMIT_HOOK is 1/true in the hook's environment or
// its `enabled` option says so; nothing staged, or no repository, is nothing to do.
import type { InWorkerHook } from '../run/in-worker-hook.js';
import { readBuiltinOptions, smartCommitOptions } from './builtin-options.js';
import { writeCommitMessage, parseNameStatus } from './commit-message.js';
import { noteForUser } from './hook-answers.js';
import { firstLine, runProgram } from './run-program.js';

const GIT_TIMEOUT_MS = 30_000;

/** Commits the staged changes in the project's repository; answers a note saying what it did. */
const smartCommit: InWorkerHook = async (_input, context) => {
  const options = readBuiltinOptions('smart-commit', smartCommitOptions, context.options);
  const switchedOn = ['1', 'true'].includes((context.env.SMART_COMMIT_HOOK ?? '').toLowerCase());
  if (!options.enabled && !switchedOn) return undefined;
  const run = { cwd: context.projectDir, env: context.env, signal: context.signal, timeoutMs: GIT_TIMEOUT_MS };
  const staged = await runProgram('git', ['diff', '--cached', '--name-status', '--no-renames', '-z'], run);
  if (staged.code !== 0) return undefined;
  const changes = parseNameStatus(zeroSeparatedToLines(staged.stdout));
  if (changes.length === 0) return undefined;
  const { subject, body } = writeCommitMessage(changes);
  const args = ['commit', '--quiet', '-m', subject, '-m', body, ...(options.noVerify ? ['--no-verify'] : [])];
  const committed = await runProgram('git', args, run);
  if (committed.code !== 0) return noteForUser(`smart commit: git commit failed: ${firstLine(committed.stderr || committed.stdout)}`);
  const head = await runProgram('git', ['rev-parse', '--short', 'HEAD'], run);
  return noteForUser(`smart commit: ${head.stdout.trim()} ${subject}`);
};

// `-z` output is `M\0path\0A\0path\0`: back to `M\tpath` lines, safe for names with tabs or newlines.
function zeroSeparatedToLines(text: string): string {
  const parts = text.split('\0').filter((part) => part !== '');
  const lines: string[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2) lines.push(`${parts[index]}\t${parts[index + 1]!.replace(/[\t\n]/g, ' ')}`);
  return lines.join('\n');
}

export default smartCommit;
