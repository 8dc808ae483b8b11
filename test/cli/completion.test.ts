// `hookpool completion <shell>`: each script is printed, and a real shell with it loaded completes
// hookpool's words by asking the real hookpool (on PATH as the user's would be).
import { existsSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, cliEnvironment, createTempProject, type TempProject } from './cli-harness.js';

const BASH_COMPLETION = '/usr/share/bash-completion/bash_completion';
// Each shell test starts hookpool several times (the script, then once per <TAB>).
const SHELL_TEST_MS = 120_000;
const hasShell = (name: string) => ['/usr/bin', '/bin', '/usr/local/bin'].some((dir) => existsSync(join(dir, name)));

let project: TempProject;
let path: string;
beforeEach(async () => {
  project = await createTempProject();
  const bin = join(project.root, 'bin');
  await mkdir(bin);
  await symlink(CLI, join(bin, 'hookpool'));
  path = `${bin}:${process.env.PATH ?? ''}`;
});
afterEach(async () => project.remove());

/** Runs a shell script in `shell` with hookpool on PATH, in the project, with the temporary HOME. */
async function inShell(shell: string, args: readonly string[], script: string): Promise<string> {
  const result = await execa(shell, [...args, script], { cwd: project.dir, env: cliEnvironment({ home: project.home, env: { PATH: path } }), extendEnv: false, reject: false, stdin: 'ignore' });
  expect(result.exitCode, String(result.stderr)).toBe(0);
  return String(result.stdout);
}

// What the completion function offers for a command line whose last word is being completed (bash-completion's COMP_* variables).
const bashCompletes = (words: readonly string[]) => `
COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}; COMP_LINE="${words.join(' ')}"; COMP_POINT=\${#COMP_LINE}
COMPREPLY=(); __hookpool_complete 2>/dev/null; printf '%s\\n' "\${COMPREPLY[@]}"`;

// bash-completion (installed with bash on most distributions) provides _get_comp_words_by_ref; where it is absent, the same variables from COMP_WORDS.
const LOAD_BASH_COMPLETION = existsSync(BASH_COMPLETION)
  ? `source ${BASH_COMPLETION}`
  : '_get_comp_words_by_ref() { cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD; }';

describe('hookpool completion', () => {
  it.each(['bash', 'zsh', 'fish'])('prints a %s script that asks hookpool complete for the words', async (shell) => {
    const { exitCode, stdout } = await project.cli(['completion', shell]);

    expect(exitCode).toBe(0);
    expect(stdout).toContain('hookpool complete --');
  });

  it('refuses a shell it has no script for, naming the ones it has', async () => {
    const { exitCode, stderr } = await project.cli(['completion', 'tcsh']);

    expect(exitCode).toBe(1);
    expect(stderr).toContain('Allowed choices are zsh, bash, fish, powershell');
  });

  it('completes verbs, options and option values in a real bash', async () => {
    const script = `${LOAD_BASH_COMPLETION}\nsource <(hookpool completion bash)\ncomplete -p hookpool`;
    const lines = await inShell('bash', ['--norc', '--noprofile', '-c'], [
      script,
      'echo "# va"', bashCompletes(['hookpool', 'va']),
      'echo "# d"', bashCompletes(['hookpool', 'd']),
      'echo "# validate --re"', bashCompletes(['hookpool', 'validate', '--re']),
      'echo "# init --agent"', bashCompletes(['hookpool', 'init', '--agent', '']),
    ].join('\n'));
    const answers = Object.fromEntries(lines.split('# ').slice(1).map((block) => {
      const [title, ...words] = block.trim().split('\n');
      return [title, words];
    }));

    expect(lines.split('\n')[0]).toBe('complete -F __hookpool_complete hookpool');
    expect(answers).toEqual({
      va: ['validate'],
      d: ['disable', 'doctor', 'demo'],
      'validate --re': ['--require-trust'],
      'init --agent': ['claude', 'gemini', 'cursor', 'copilot', 'codex'],
    });
  }, SHELL_TEST_MS);

  it.skipIf(!hasShell('fish'))('completes verbs and option values in a real fish, each verb with its summary', async () => {
    const out = await inShell('fish', ['--no-config', '-c'], 'hookpool completion fish | source; complete -C "hookpool va"; complete -C "hookpool init --transport "');

    expect(out.split('\n').filter(Boolean)).toEqual(['validate\tcheck the configuration; exit 1 with one line per problem', 'command', 'http']);
  }, SHELL_TEST_MS);

  it.skipIf(!hasShell('zsh'))('registers _hookpool with zsh completion', async () => {
    const out = await inShell('zsh', ['-f', '-c'], 'autoload -U compinit; compinit -u -d "$HOME/.zcompdump"; source <(hookpool completion zsh); print -r -- $_comps[hookpool]');

    expect(out.trim()).toBe('_hookpool');
  }, SHELL_TEST_MS);
});
