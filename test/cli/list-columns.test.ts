import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

describe('hookpool list columns and --event', () => {
  it('prints column headers and each hook\'s description', async () => {
    const config = await project.installExamples();

    const { stdout } = await project.cli(['list', '--config', config]);
    const lines = stdout.split('\n');

    expect(lines[0]).toMatch(/^\s+STATE\s+ID\s+MATCHER\s+TIMEOUT\s+MODE\s+ORIGIN\s+SOURCE\s+DESCRIPTION$/);
    expect(lines[1]).toBe('PreToolUse (2/2 enabled)');
    expect(stdout).toMatch(/^\s+on\s+block-rm\s+Bash\s+5000 ms\s+foreground\s+config\s+\.hookpool\/hooks\.json hooks\[0\]\s+refuse rm -rf before it runs$/m);
  });

  it('--event keeps one event (an alias works too), in text and JSON', async () => {
    const config = await project.installExamples();

    const text = await project.cli(['list', '--config', config, '--event', 'tool.pre']);
    const json = await project.cli(['list', '--config', config, '--event', 'Stop', '--json']);
    const none = await project.cli(['list', '--config', config, '--event', 'SessionStart']);
    const wrong = await project.cli(['list', '--config', config, '--event', 'Stpo']);

    expect(text.stdout).toContain('block-rm');
    expect(text.stdout).not.toContain('auto-lint');
    expect(text.stdout).toContain('2 hooks (2 enabled) for PreToolUse from 1 file');
    expect(JSON.parse(json.stdout).events.map((group: { event: string }) => group.event)).toEqual(['Stop']);
    expect(none.stdout).toMatch(/^no hooks for SessionStart$/m);
    expect(wrong).toMatchObject({ exitCode: 1, stderr: expect.stringContaining('did you mean "Stop"') });
  });
});
