// Policy tests: each case fired through the project's configuration, on the engine `hookpool run`
// uses (one per case, so a `once` hook or the Stop-loop count never carries over), and its answer
// checked. The policy is tested as it will be enforced: a hook in audit mode counts here, and the
// case says so. Background hooks are left out (their answers never decide), and so is the history
// log (test fires are not the agent's).
import type { FireResult } from '../../model/fire-result.js';
import { isAudited } from '../../aggregate/audit-mode.js';
import { createCliEngine } from '../one-shot-engine.js';
import { partOf } from '../hook-parts.js';
import type { CliConfig } from '../load-project.js';
import type { HookDefinition } from '../../model/hook-definition.js';
import type { PolicyCase } from './case-schema.js';
import { checkExpectations, type Mismatch } from './check-case.js';

export interface CaseRun {
  readonly case: PolicyCase;
  readonly result: FireResult;
  readonly mismatches: readonly Mismatch[];
  /** Hooks in audit mode whose answer decided here: the agent does not get it until they are enforced. */
  readonly decidedInAuditMode: readonly string[];
}

const SESSION_ID = 'hookpool-test-cases';

/** Runs the cases one after another, in order. */
export async function runPolicyCases(config: CliConfig, cases: readonly PolicyCase[], passEnv: readonly string[]): Promise<CaseRun[]> {
  const definitions = config.hooks.map((hook) => hook.definition).filter((hook) => partOf(hook) === 'foreground');
  const audited = new Set(definitions.filter(isAudited).map((hook) => hook.id));
  const hooks = definitions.map((hook) => (isAudited(hook) ? { ...hook, enforce: true } : hook));
  const runs: CaseRun[] = [];
  for (const policyCase of cases) {
    const result = await fireCase(config, hooks, policyCase, passEnv);
    const decidedInAuditMode = result.decidedBy.map((decider) => decider.id).filter((id) => audited.has(id));
    runs.push({ case: policyCase, result, mismatches: checkExpectations(policyCase.expect, result), decidedInAuditMode });
  }
  return runs;
}

async function fireCase(config: CliConfig, hooks: readonly HookDefinition[], policyCase: PolicyCase, passEnv: readonly string[]): Promise<FireResult> {
  const { payload } = policyCase;
  const engine = createCliEngine({
    hooks,
    broken: config.loaded,
    cwd: config.cwd,
    sessionId: typeof payload.session_id === 'string' ? payload.session_id : SESSION_ID,
    transcriptPath: typeof payload.transcript_path === 'string' ? payload.transcript_path : undefined,
    permissionMode: typeof payload.permission_mode === 'string' ? payload.permission_mode : undefined,
    disableAllHooks: config.loaded.disableAllHooks,
    passEnv,
    warnOnStderr: false,
    recordHistory: false,
  });
  try {
    return await engine.fire(policyCase.event, payload);
  } finally {
    await engine.close();
  }
}
