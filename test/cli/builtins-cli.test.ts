// The CLI and the built-ins hookpool ships: `list` shows the ones a file switches on, with origin
// `builtin`; `test builtin:<name>` runs one, configured or straight from the catalog.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

const RM_ROOT = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });

describe('built-ins on the command line', () => {
  it('list shows the built-ins a file switches on, with origin builtin, beside config hooks', async () => {
    await project.write('hooks.json', { hooks: [{ id: 'mine', event: 'PreToolUse', command: 'true' }], builtins: { 'security-guard': true, 'smart-commit': { options: {} } } });
    const { exitCode, stdout } = await project.cli(['list', '--config', 'hooks.json']);
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/on\s+mine\s+\*\s+10000 ms\s+foreground\s+config\s+hooks\.json hooks\[0\]/);
    expect(stdout).toMatch(/on\s+builtin:security-guard\s+Bash\|Read\S*\s+10000 ms\s+foreground\s+builtin\s+hooks\.json builtins\.security-guard/);
    expect(stdout).toMatch(/off\s+builtin:smart-commit\s+\*\s+600000 ms\s+background\s+builtin\s+hooks\.json builtins\.smart-commit/);
    const listing = JSON.parse((await project.cli(['list', '--json', '--config', 'hooks.json'])).stdout);
    expect(listing.events[0].hooks[1]).toMatchObject({ id: 'builtin:security-guard', type: 'module', origin: 'builtin', priority: 1000 });
  });

  it('list names every built-in no file switches on, and --json gives the whole catalog with on/off', async () => {
    await project.write('hooks.json', { builtins: { 'security-guard': true } });
    const { exitCode, stdout } = await project.cli(['list', '--config', 'hooks.json']);
    expect(exitCode).toBe(0);
    const line = stdout.split('\n').find((text) => text.startsWith('built-ins not switched on'));
    expect(line).toMatch(/dangerous-tool-blocker/);
    expect(line).toMatch(/git-auto-stage/);
    expect(line).not.toMatch(/security-guard/);
    const listing = JSON.parse((await project.cli(['list', '--json', '--config', 'hooks.json'])).stdout);
    expect(listing.builtins.length).toBeGreaterThanOrEqual(19);
    expect(listing.builtins.find((builtin: { name: string }) => builtin.name === 'security-guard')).toMatchObject({ seed: 'autohand', on: true, events: ['PreToolUse'] });
    expect(listing.builtins.find((builtin: { name: string }) => builtin.name === 'prompt-length-guardrail')).toMatchObject({ seed: 'wundr', on: false, events: ['UserPromptSubmit'] });
    const empty = await project.cli(['list', '--config', 'hooks.json', '--event', 'Stop']);
    expect(empty.stdout).not.toMatch(/built-ins not switched on/);
  });

  it('test builtin:<name> runs a configured built-in, and one no file switches on, on the given payload', async () => {
    await project.write('hooks.json', { builtins: { 'security-guard': true } });
    const configured = await project.cli(['test', 'builtin:security-guard', '--config', 'hooks.json', '--input', RM_ROOT]);
    expect(configured.exitCode).toBe(0);
    expect(configured.stdout).toMatch(/from\s+hooks\.json builtins\.security-guard/);
    expect(configured.stdout).toMatch(/answer\s+blocked \(deny\)/);
    const fromCatalog = await project.cli(['test', 'builtin:dangerous-tool-blocker', '--config', 'hooks.json', '--input', RM_ROOT]);
    expect(fromCatalog.exitCode).toBe(0);
    expect(fromCatalog.stdout).toMatch(/from\s+a hookpool built-in \(no file switches it on\)/);
    expect(fromCatalog.stdout).toMatch(/answer\s+blocked \(deny\)/);
    const unknown = await project.cli(['test', 'builtin:no-such-thing', '--config', 'hooks.json']);
    expect(unknown.exitCode).not.toBe(0);
    expect(unknown.stderr).toContain('no hook "builtin:no-such-thing"');
  });
});
