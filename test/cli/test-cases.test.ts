// `hookpool test --cases DIR`: case files fired through the project's configuration with real hook
// scripts; exit 0 when every case passes, 1 with a diff per failing case, --json for CI, and a bad
// case file stops the run with one line naming the file and the field.
import { chmod } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

// Refuses rm -rf (exit 2, reason on stderr); rewrites `npm test` to add --silent; adds context on prompts.
const GUARD = `#!/bin/sh
input=$(cat)
case "$input" in
  *'rm -rf'*) echo "rm -rf is not allowed" >&2; exit 2 ;;
  *'"npm test"'*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"npm test --silent"}}}' ;;
esac
exit 0
`;
const CONTEXT = `#!/bin/sh
cat >/dev/null
echo "branch: main"
`;

async function installHooks(extra: Record<string, unknown> = {}): Promise<void> {
  await chmod(await project.write('.hookpool/hooks/guard.sh', GUARD), 0o755);
  await chmod(await project.write('.hookpool/hooks/context.sh', CONTEXT), 0o755);
  await project.write('.hookpool/hooks.json', nativeConfig([
    { id: 'guard', event: 'PreToolUse', matcher: 'Bash', command: '.hookpool/hooks/guard.sh', ...extra },
    { id: 'context', event: 'UserPromptSubmit', command: '.hookpool/hooks/context.sh' },
  ]));
  await project.cli(['trust']);
}

const PASSING_YAML = `# the guard's policy
- name: rm -rf is refused
  event: PreToolUse
  payload:
    tool_name: Bash
    tool_input: { command: "rm -rf /" }
  expect:
    decision: deny
    blocked: true
    reason: /NOT ALLOWED/i
- name: ls goes through untouched
  event: PreToolUse
  payload: { tool_name: Bash, tool_input: { command: ls } }
  expect: { blocked: false, decision: null, updatedInput: null }
`;

const PASSING_JSON = {
  name: 'npm test gets --silent',
  event: 'PreToolUse',
  payload: { tool_name: 'Bash', tool_input: { command: 'npm test' } },
  expect: { decision: 'allow', updatedInput: { command: 'npm test --silent' } },
};

const PROMPT_CASE = `event: prompt.submit
payload: { prompt: "fix the build" }
expect: { context: "^branch: \\\\w+$" }
`;

describe('hookpool test --cases', () => {
  it('exits 0 when every case passes, one PASS line per case and a summary', async () => {
    await installHooks();
    await project.write('cases/guard.yaml', PASSING_YAML);
    await project.write('cases/rewrite.json', PASSING_JSON);
    await project.write('cases/prompts/context.yml', PROMPT_CASE);

    const { exitCode, stdout, stderr } = await project.cli(['test', '--cases', 'cases']);

    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
    expect(stdout).toBe([
      'PASS  rm -rf is refused  (cases/guard.yaml)',
      'PASS  ls goes through untouched  (cases/guard.yaml)',
      'PASS  cases/prompts/context.yml',
      'PASS  npm test gets --silent  (cases/rewrite.json)',
      '',
      '4 cases: 4 passed, 0 failed',
      '',
    ].join('\n'));
  });

  it('exits 1 with what differs under each failing case: decision, reason and context patterns, the rewritten input field by field', async () => {
    await installHooks();
    await project.write('cases/wrong.yaml', `
- name: expects rm -rf to pass
  event: PreToolUse
  payload: { tool_name: Bash, tool_input: { command: "rm -rf /" } }
  expect: { decision: allow, blocked: false, reason: "^fine$" }
- name: expects another rewrite
  event: PreToolUse
  payload: { tool_name: Bash, tool_input: { command: "npm test" } }
  expect:
    updatedInput: { command: "npm test --silent --ci", timeout: 60 }
- name: expects context that is not there
  event: UserPromptSubmit
  payload: { prompt: hi }
  expect: { context: "branch: release" }
- name: still right
  event: PreToolUse
  payload: { tool_name: Bash, tool_input: { command: ls } }
  expect: { blocked: false }
`);

    const { exitCode, stdout } = await project.cli(['test', '--cases', 'cases']);

    expect(exitCode).toBe(1);
    expect(stdout).toBe([
      'FAIL  expects rm -rf to pass  (cases/wrong.yaml)',
      '      decision: expected "allow", got "deny"',
      '      blocked: expected false, got true',
      '      reason: expected to match /^fine$/, got "rm -rf is not allowed"',
      '      answer: blocked (deny) by guard (exitCode)',
      'FAIL  expects another rewrite  (cases/wrong.yaml)',
      '      updatedInput.command: expected "npm test --silent --ci", got "npm test --silent"',
      '      updatedInput.timeout: expected 60, got nothing',
      '      answer: proceed (allow) by guard (output)',
      'FAIL  expects context that is not there  (cases/wrong.yaml)',
      '      context: expected to match /branch: release/, got "branch: main"',
      '      answer: proceed',
      'PASS  still right  (cases/wrong.yaml)',
      '',
      '4 cases: 1 passed, 3 failed',
      '',
    ].join('\n'));
  });

  it('--json gives every case with its mismatches and the whole answer', async () => {
    await installHooks();
    await project.write('cases/one.json', [
      { name: 'refused', event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } }, expect: { decision: 'deny' } },
      { name: 'wrongly allowed', event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } }, expect: { blocked: false } },
    ]);

    const { exitCode, stdout } = await project.cli(['test', '--cases', 'cases', '--json']);
    const report = JSON.parse(stdout);

    expect(exitCode).toBe(1);
    expect(report).toMatchObject({ ok: false, passed: 1, failed: 1, warnings: [] });
    expect(report.cases.map((entry: { name: string; ok: boolean; file: string; event: string }) => [entry.name, entry.ok, entry.file, entry.event])).toEqual([
      ['refused', true, 'cases/one.json', 'PreToolUse'],
      ['wrongly allowed', false, 'cases/one.json', 'PreToolUse'],
    ]);
    expect(report.cases[1].mismatches).toEqual([{ field: 'blocked', expected: false, actual: true, lines: ['blocked: expected false, got true'] }]);
    expect(report.cases[1].result).toMatchObject({ blocked: true, decision: 'deny', reason: 'rm -rf is not allowed', hooks: [{ id: 'guard', exitCode: 2 }] });
  });

  it('tests a guard in audit mode as it will be enforced, says so, and leaves the history log alone', async () => {
    await installHooks({ enforce: false });
    await project.write('cases/guard.yaml', PASSING_YAML);

    const { exitCode, stdout } = await project.cli(['test', '--cases', 'cases']);
    const history = await project.cli(['history']);

    expect(exitCode).toBe(0);
    expect(stdout).toContain('PASS  rm -rf is refused  (cases/guard.yaml)\n      note: decided by "guard", which is in audit mode: the agent does not get this answer until hookpool enable guard\n');
    expect(stdout).toContain('2 cases: 2 passed, 0 failed');
    expect(history.stdout).toBe('no hook runs recorded yet (hookpool run and hookpool serve record every hook they run)\n');
  });

  it('stops at a bad case file with one line per problem, naming the file and the field, before any case runs', async () => {
    await installHooks();
    await project.write('cases/a-good.yaml', PASSING_YAML);
    await project.write('cases/bad-event.yaml', 'event: PreToolUs\nexpect: { decision: deny }\n');
    await project.write('cases/bad-fields.json', [{ event: 'Stop', payload: [], expect: { reason: '((', blocked: 'yes' } }]);
    await project.write('cases/bad-yaml.yml', 'event: [Stop\n');
    await project.write('cases/no-expectation.yaml', 'event: Stop\nexpect: {}\n');

    const { exitCode, stdout, stderr } = await project.cli(['test', '--cases', 'cases']);

    expect(exitCode).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.split('\n').filter(Boolean)).toEqual([
      'hookpool: cases/bad-event.yaml: event: unknown event "PreToolUs" (did you mean "PreToolUse"?)',
      'hookpool: cases/bad-fields.json: [0].payload: expected the event\'s input as an object, e.g. {"tool_name": "Bash", "tool_input": {"command": "ls"}}',
      'hookpool: cases/bad-fields.json: [0].expect.blocked: Invalid input: expected boolean, received string',
      'hookpool: cases/bad-fields.json: [0].expect.reason: not a valid regular expression: Invalid regular expression: /((/: Unterminated group',
      expect.stringMatching(/^hookpool: cases\/bad-yaml\.yml: not valid YAML: .* at line 2, column 1$/),
      'hookpool: cases/no-expectation.yaml: expect: expected at least one of decision, blocked, reason, context, updatedInput',
    ]);
  });

  it('refuses what cannot be a case folder, and --cases beside a hook id', async () => {
    await project.write('cases/readme.txt', 'not a case');

    const empty = await project.cli(['test', '--cases', 'cases']);
    const missing = await project.cli(['test', '--cases', 'nowhere']);
    const both = await project.cli(['test', 'guard', '--cases', 'cases']);
    const neither = await project.cli(['test']);

    expect(empty).toMatchObject({ exitCode: 1, stderr: 'hookpool: --cases cases: no case files (*.json, *.yaml, *.yml) in it\n' });
    expect(missing).toMatchObject({ exitCode: 1, stderr: 'hookpool: --cases nowhere: no such folder\n' });
    expect(both).toMatchObject({ exitCode: 1, stderr: 'hookpool: --cases runs the case files\' own payloads: give no hook id, --input or --input-file with it\n' });
    expect(neither).toMatchObject({ exitCode: 1, stderr: 'hookpool: name the hook to test (hookpool list shows the ids), or give --cases DIR\n' });
  });
});
