// `hookpool test --cases DIR`: the project's policy tests, for people or (--json) for CI.
import { describeAllHooksOff } from '../../project/all-hooks-off.js';
import { loadCliConfig } from '../../project/load-project.js';
import { readPolicyCases } from '../../project/policy-cases/read-cases.js';
import { runPolicyCases } from '../../project/policy-cases/run-cases.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import type { ConfigOptions, PassEnvOptions } from '../config-options.js';
import { caseRunsAsJson, describeCaseRuns } from '../output/describe-cases.js';
import { printJson, printLines, printWarning } from '../output/print.js';
import { createPaint } from '../output/style.js';

interface CaseOptions extends ConfigOptions, PassEnvOptions {
  readonly json?: boolean;
}

/** Exit 0 when every case passed, 1 on any mismatch (a bad case file throws, which is 1 too). */
export async function testCases(dir: string, options: CaseOptions): Promise<ExitCode> {
  const cases = await readPolicyCases(dir);
  const config = await loadCliConfig(options);
  // What keeps hooks from running here (an untrusted file, a broken entry, every hook off) keeps them
  // from running for the agent too: said, never silent.
  const allOff = config.loaded.disableAllHooks ? [`every hook is off: ${describeAllHooksOff(config)}`] : [];
  const warnings = [...config.loaded.problems, ...allOff];
  const runs = await runPolicyCases(config, cases, [...config.loaded.passEnv, ...(options.passEnv ?? [])]);
  const failed = runs.some((run) => run.mismatches.length > 0);
  if (options.json) printJson({ ...caseRunsAsJson(runs), warnings });
  else {
    warnings.forEach(printWarning);
    printLines(describeCaseRuns(runs, createPaint()));
  }
  return failed ? EXIT.error : EXIT.proceed;
}
