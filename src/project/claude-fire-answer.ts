// A fire's answer as Claude Code hears it, with what hookpool says beside it, one place for
// `run --format claude` and the server: configuration notices once per session (in
// systemMessage where the event shows one), hook failures every time, and on exit 0 a line for
// Claude Code's debug log about the settings hooks left to Claude Code itself.
import type { FireResult } from '../aggregate/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import { answerForClaude, type ClaudeAnswer } from '../dialects/claude/answer.js';
import { configNotices } from './config-notices.js';
import { EXIT } from '../dialects/exit-codes.js';
import type { CliConfig } from './load-project.js';
import { takeUnsaidNotices } from './session-notices.js';

/** `stderrShown`: false where the answer's stderr goes nowhere on exit 0 (an http hook's answer), so the debug-log line is kept for a caller that shows it. */
export async function claudeFireAnswer(spec: EventSpec, result: FireResult, config: CliConfig, sessionId: string | undefined, { stderrShown = true } = {}): Promise<ClaudeAnswer> {
  const notices = spec.topLevelFields.has('systemMessage') ? await takeUnsaidNotices(sessionId, configNotices(config)) : configNotices(config);
  const answer = answerForClaude(spec, result, notices);
  // On exit 2 stderr is the reason: the line waits for an exit 0.
  const leftOver = answer.exitCode === EXIT.proceed && stderrShown ? await takeUnsaidNotices(sessionId, leftToClaudeCode(config)) : [];
  return { ...answer, stderr: [answer.stderr, ...leftOver].filter(Boolean).join('\n') || null };
}

/**
 * The hooks of discovered Claude Code settings are Claude Code's to run; an agent that is not
 * Claude Code asks for them with --claude-settings auto.
 */
function leftToClaudeCode(config: CliConfig): string[] {
  if (config.leftToClaudeCode.length === 0) return [];
  const files = config.leftToClaudeCode.map((file) => file.path).join(', ');
  return [`hookpool: the hooks in ${files} are left to Claude Code, which runs them itself; an agent that is not Claude Code runs them through hookpool with --claude-settings auto`];
}
