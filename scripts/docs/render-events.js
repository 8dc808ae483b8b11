// The event table of docs/events.md, from EVENT_SPECS (src/events/event-specs.ts).
import { cell, code, table } from './markdown.js';

const UNIVERSAL = ['continue', 'systemMessage', 'suppressOutput', 'terminalSequence'];

const PLAIN_STDOUT = { log: 'logged', context: 'model context', worktreePath: 'the worktree path' };

function seconds(ms) {
  return `${ms / 1000} s`;
}

function matcherTests(spec) {
  if (spec.matcherField === null) return '—';
  const field = code(spec.matcherField);
  const subject = { value: field, basename: `the basename of ${field}`, modelName: `the canonical model name of ${field}` }[spec.matcherSubject];
  return spec.matcherSyntax === 'narrow' ? `${subject} (names only)` : subject;
}

function exit2(spec) {
  if (spec.nonZeroExitRefuses) return 'any non-zero exit refuses';
  const effect = {
    block: spec.blockKeepsAgentRunning ? 'keeps the agent working' : 'blocks',
    feedback: 'fed back to the model',
    notice: 'shown to the user',
    none: 'ignored',
  }[spec.exit2];
  const spared = spec.unblockableSubjects.map(code).join(', ');
  return spared === '' ? effect : `${effect}, except on ${spared}`;
}

function specificField(spec, field) {
  if (field === 'permissionDecision' && spec.permissionAnswer === 'permissionDecision') return `${code(field)} (${spec.permissionDecisions.join(', ')})`;
  if (field === 'decision' && spec.permissionAnswer === 'decisionBehavior') return `${code('decision.behavior')} (${spec.permissionDecisions.join(', ')})`;
  return code(field);
}

function reads(spec) {
  const top = [...spec.topLevelFields];
  const universal = UNIVERSAL.every((field) => top.includes(field));
  const topCells = [...(universal ? ['universal'] : []), ...top.filter((field) => !universal || !UNIVERSAL.includes(field)).map(code)];
  const specific = [...spec.specificFields].map((field) => specificField(spec, field));
  const parts = [];
  if (topCells.length > 0) parts.push(topCells.join(', '));
  if (specific.length > 0) parts.push(`specific: ${specific.join(', ')}`);
  return parts.length === 0 ? 'nothing' : parts.join('; ');
}

/** The table: one row per event, in EVENT_SPECS order. */
export function renderEvents(eventSpecs) {
  const rows = Object.values(eventSpecs).map((spec) => [
    code(spec.name),
    spec.aliases.map(code).join(', '),
    matcherTests(spec),
    exit2(spec),
    cell(reads(spec)),
    PLAIN_STDOUT[spec.plainStdout],
    seconds(spec.defaultTimeoutMs),
    spec.defaultOnError === 'closed' ? '**refuses**' : 'proceeds',
    spec.getsEnvFile ? 'yes' : '',
  ]);
  return table(['event', 'also called', 'matcher tests', 'exit 2', 'JSON it acts on', 'plain stdout', 'timeout', 'a failed hook', '`CLAUDE_ENV_FILE`'], rows);
}
