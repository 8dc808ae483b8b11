// What `hookpool test --cases` prints: a line per case, and under each failing one what differs
// and what the hooks answered instead; a summary line; or all of it as JSON.
import { describeFailureNotice } from '../../model/hook-failure.js';
import { plural } from '../../project/describe.js';
import type { CaseRun } from '../../project/policy-cases/run-cases.js';
import { describeVerdict } from './describe-fire.js';
import type { Paint } from './style.js';

const INDENT = ' '.repeat(6);

export function describeCaseRuns(runs: readonly CaseRun[], paint: Paint): string[] {
  const failed = runs.filter((run) => run.mismatches.length > 0).length;
  const summary = `${plural(runs.length, 'case')}: ${runs.length - failed} passed, ${failed} failed`;
  return [...runs.flatMap((run) => describeCaseRun(run, paint)), '', paint(summary, 'bold', failed === 0 ? 'green' : 'red')];
}

function describeCaseRun({ case: policyCase, result, mismatches, decidedInAuditMode }: CaseRun, paint: Paint): string[] {
  const where = policyCase.name.startsWith(policyCase.file) ? '' : paint(`  (${policyCase.file})`, 'dim');
  const head = `${mismatches.length === 0 ? paint('PASS', 'green') : paint('FAIL', 'bold', 'red')}  ${policyCase.name}${where}`;
  const auditNotes = decidedInAuditMode.map((id) => paint(`${INDENT}note: decided by "${id}", which is in audit mode: the agent does not get this answer until hookpool enable ${id}`, 'yellow'));
  if (mismatches.length === 0) return [head, ...auditNotes];
  const deciders = result.decidedBy.map((decider) => `${decider.id} (${decider.via})`).join(', ');
  return [
    head,
    ...mismatches.flatMap((mismatch) => mismatch.lines.map((line) => `${INDENT}${line}`)),
    `${INDENT}${paint('answer:', 'dim')} ${describeVerdict(result, paint)}${deciders === '' ? '' : ` by ${deciders}`}`,
    ...result.failures.map((failure) => `${INDENT}${paint(`hook failure: ${describeFailureNotice(failure, result.event)}`, 'yellow')}`),
    ...auditNotes,
  ];
}

/** The runs for machines: every mismatch with its expected and actual values, and the whole answer. */
export function caseRunsAsJson(runs: readonly CaseRun[]): object {
  const failed = runs.filter((run) => run.mismatches.length > 0).length;
  return {
    ok: failed === 0,
    passed: runs.length - failed,
    failed,
    cases: runs.map(({ case: policyCase, result, mismatches, decidedInAuditMode }) => ({
      name: policyCase.name,
      file: policyCase.file,
      event: policyCase.event,
      ok: mismatches.length === 0,
      mismatches,
      decidedInAuditMode,
      result,
    })),
  };
}
