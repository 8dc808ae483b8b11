import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadHooksConfig } from '../../src/config/load-hooks-config.js';
import { createTempProject, nativeConfig, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

describe('hookpool disable --all / enable --all', () => {
  it('turns every hook off for run, list and the library loader, then back on, without touching hook files', async () => {
    const config = await project.write('hooks.json', nativeConfig([{ id: 'mark', event: 'Stop', command: 'echo ran >> marks.txt' }]));
    const original = await project.read('hooks.json');

    const off = await project.cli(['disable', '--all']);
    const runOff = await project.cli(['run', 'Stop', '--config', config]);
    const listOff = await project.cli(['list', '--config', config]);
    const loaded = await loadHooksConfig({ cwd: project.dir, home: project.home, files: [config] });
    const on = await project.cli(['enable', '--all']);
    const runOn = await project.cli(['run', 'Stop', '--config', config]);

    expect(off).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('every hook is off, for every project') });
    expect(runOff.exitCode).toBe(0);
    expect(listOff.stdout).toContain('every hook is off: hookpool disable --all turned every hook off (hookpool enable --all turns them back on)');
    expect(listOff.stdout).toMatch(/^\s+off\s+mark\s/m);
    expect(loaded.disableAllHooks).toBe(true);
    expect(loaded.hooks.every((hook) => hook.enabled === false)).toBe(true);
    expect(on.stdout).toContain('every hook is on again');
    expect(runOn.exitCode).toBe(0);
    expect(await project.read('marks.txt')).toBe('ran\n');
    expect(await project.read('hooks.json')).toBe(original);
    expect((await stat(join(project.home, '.config/hookpool/switch.json'))).mode & 0o777).toBe(0o600);
  });

  it('says when nothing changes, and refuses an id together with --all or neither', async () => {
    const already = await project.cli(['enable', '--all']);
    const both = await project.cli(['disable', 'x', '--all']);
    const neither = await project.cli(['disable']);

    expect(already.stdout).toBe('every hook is already on (the global switch is not off); nothing changed\n');
    expect(both).toMatchObject({ exitCode: 1, stderr: 'hookpool: name a hook or give --all, not both (hookpool disable --all)\n' });
    expect(neither.stderr).toBe('hookpool: name the hook to disable (hookpool list shows the ids), or give --all or --autohand\n');
  });

  it('refuses to turn one hook on while the switch is off, naming the switch', async () => {
    const config = await project.write('settings.json', { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } });
    await project.cli(['disable', '--all']);

    const { exitCode, stderr } = await project.cli(['enable', 'true@Stop', '--claude-settings', config]);

    expect(exitCode).toBe(1);
    expect(stderr).toContain('is off because hookpool disable --all turned every hook off');
  });
});
