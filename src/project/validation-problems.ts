// Everything `hookpool validate` fails on, in one place for the CLI and the server's `validate`
// method: what the loader reported, hooks sharing an explicit id, and scripts that cannot start.
// A project file that loads but waits for `hookpool trust` fails only the strict check.
import { checkHookStart } from './check-hook-start.js';
import type { CliConfig } from './load-project.js';
import { describeSource } from './describe.js';
import { filesWaitingForTrust, problemsThatMatter } from './waiting-for-trust.js';

export interface ValidationOptions {
  /** Count a project file that waits for `hookpool trust` as a problem (its line from the loader). Default: true. */
  readonly requireTrust?: boolean;
}

/** One line per problem, with full paths. */
export async function validationProblems(config: CliConfig, { requireTrust = true }: ValidationOptions = {}): Promise<string[]> {
  const waiting = new Set(filesWaitingForTrust(config).map(({ file }) => file.notice));
  const loaderProblems = problemsThatMatter(config).filter((line) => requireTrust || !waiting.has(line));
  return [...loaderProblems, ...duplicateIdProblems(config), ...(await scriptProblems(config))];
}

// The loader keeps two hooks with the same explicit id; test, enable and disable could not tell them apart.
function duplicateIdProblems(config: CliConfig): string[] {
  const firstWithId = new Map<string, string>();
  const problems: string[] = [];
  for (const { definition, hasOwnId } of config.hooks) {
    const { id, source } = definition;
    if (!hasOwnId || source === undefined) continue;
    const first = firstWithId.get(id);
    if (first === undefined) firstWithId.set(id, describeSource(source, config.cwd));
    else problems.push(`${source.file}: ${source.jsonPath}.id: duplicate id "${id}" (first used at ${first}); give each hook a unique id`);
  }
  return problems;
}

// A hook whose script is missing or not executable loads, but fails every time it runs.
async function scriptProblems(config: CliConfig): Promise<string[]> {
  const checks = await Promise.all(config.hooks.map(async ({ definition }) => ({ definition, check: await checkHookStart(definition, config.cwd) })));
  return checks.flatMap(({ definition, check }) => check.scriptProblems.map((problem) => {
    const where = definition.source === undefined ? `hook "${definition.id}"` : `${definition.source.file}: ${definition.source.jsonPath}`;
    return `${where}: ${problem}; the hook would fail each time it runs`;
  }));
}
