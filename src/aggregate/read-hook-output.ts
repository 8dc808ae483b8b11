import type { ExitCodeRule } from '../config/model.js';
import type { EventSpec } from '../events/event-specs.js';
import type { HookOutcome, HookStatus } from '../run/outcome.js';
import { isRefusal, refusalFor } from './decision-rank.js';
import { emptyVerdict, type HookVerdict } from './hook-verdict.js';
import { parseHookStdout, type ParsedStdout } from './parse-hook-stdout.js';
import { applyJsonOutput, readerFor } from './read-json-output.js';

// A hook that timed out, was aborted, never started or crashed gave no answer: it fails open.
const answeredStatuses: ReadonlySet<HookStatus> = new Set<HookStatus>(['ok', 'exit_nonzero']);

const BLOCKING_EXIT_CODE = 2;

/**
 * One hook's contribution to a fire, from its exit code and output (PROTOCOL.md, "Output"):
 * exit 0 applies JSON output (or plain stdout as context where the event takes it); exit 2 is a
 * blocking error JSON cannot override; another non-zero exit lets valid JSON output decide and
 * is otherwise a non-blocking error. Under `any-nonzero-blocks`, any non-zero exit of a hook on
 * a blocking tool event refuses the tool with stderr as the reason.
 */
export function readHookOutput(spec: EventSpec, outcome: HookOutcome, rule: ExitCodeRule): HookVerdict {
  const verdict = emptyVerdict(outcome.id);
  if (!answeredStatuses.has(outcome.status)) return verdict;
  const stdout = parseHookStdout(outcome.stdout);
  if (stdout.kind === 'text' && stdout.problem !== null) {
    const cut = outcome.truncated ? ' (its output was cut at maxOutputBytes)' : '';
    verdict.warnings.push(`hook "${outcome.id}": ${stdout.problem}${cut}; read as plain text`);
  }
  if (outcome.status === 'ok') {
    readSuccess(spec, stdout, verdict);
  } else if (outcome.exitCode === BLOCKING_EXIT_CODE) {
    readBlockingError(spec, stdout.kind === 'json' ? readJsonReason(stdout.json, verdict) : null, outcome, verdict);
  } else if (rule === 'any-nonzero-blocks' && spec.toolEvent && spec.exit2 === 'block') {
    readBlockingError(spec, null, outcome, verdict);
  } else if (stdout.kind === 'json') {
    applyJsonOutput(spec, stdout.json, verdict);
  }
  if (isRefusal(verdict.decision) && verdict.reason === null) verdict.reason = reasonlessRefusal(outcome);
  return verdict;
}

function readSuccess(spec: EventSpec, stdout: ParsedStdout, verdict: HookVerdict): void {
  if (stdout.kind === 'json') {
    applyJsonOutput(spec, stdout.json, verdict);
    return;
  }
  const text = stdout.text.trim();
  if (spec.plainStdoutIsContext && text !== '') verdict.additionalContext = text;
}

/** Exit 2 (or an Opta non-zero exit): the event's exit-2 effect, with no say for JSON output. */
function readBlockingError(spec: EventSpec, jsonReason: string | null, outcome: HookOutcome, verdict: HookVerdict): void {
  if (spec.exit2 === 'none') return;
  verdict.decision = refusalFor(spec);
  verdict.reason = jsonReason ?? (outcome.stderr.trim() || null);
}

function readJsonReason(json: Record<string, unknown>, verdict: HookVerdict): string | null {
  return readerFor(json, verdict).text('reason') ?? null;
}

function reasonlessRefusal(outcome: HookOutcome): string {
  if (outcome.status === 'ok') return `Blocked by hook "${outcome.id}", which gave no reason.`;
  const ending = outcome.signal === null ? `exit code ${outcome.exitCode}` : `signal ${outcome.signal}`;
  return `Blocked by hook "${outcome.id}" (${ending}), which gave no reason.`;
}
