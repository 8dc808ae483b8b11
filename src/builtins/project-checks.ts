// What smart-commit runs before it commits, in Autohand's order ("runs lint, test, and creates a
// commit"): the project's own lint and test scripts, as package.json names them, or the commands
// its options give. A check the project does not have is skipped, and said so.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One check: its name and the program to run (no shell). */
export interface ProjectCheck {
  readonly name: 'lint' | 'test';
  readonly argv: readonly string[];
}

/** The option for one check: a command, false (none), or unset (found in package.json). */
export type CheckOption = readonly string[] | false | undefined;

// npm's placeholder for a project with no tests, which always fails.
const NO_TEST_SPECIFIED = 'no test specified';

/** The checks to run, in order, and the ones the project has none of. */
export async function projectChecks(projectDir: string, options: { readonly lint?: CheckOption; readonly test?: CheckOption }): Promise<{ run: ProjectCheck[]; missing: string[] }> {
  const scripts = await packageScripts(projectDir);
  const found: Record<ProjectCheck['name'], readonly string[] | undefined> = {
    lint: scripts.lint === undefined ? undefined : ['npm', 'run', 'lint', '--silent'],
    test: scripts.test === undefined || scripts.test.includes(NO_TEST_SPECIFIED) ? undefined : ['npm', 'test', '--silent'],
  };
  const run: ProjectCheck[] = [];
  const missing: string[] = [];
  for (const name of ['lint', 'test'] as const) {
    const option = options[name];
    if (option === false) continue;
    const argv = option ?? found[name];
    if (argv === undefined) missing.push(name);
    else run.push({ name, argv });
  }
  return { run, missing };
}

async function packageScripts(projectDir: string): Promise<Record<string, string | undefined>> {
  try {
    const manifest = JSON.parse(await readFile(join(projectDir, 'package.json'), 'utf8')) as { scripts?: unknown };
    const { scripts } = manifest;
    return typeof scripts === 'object' && scripts !== null ? (scripts as Record<string, string>) : {};
  } catch {
    return {};
  }
}
