// `hookpool validate` in a fresh clone: a valid project file that is not trusted on this machine
// passes and says how to trust it; --require-trust is the strict check.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

describe('hookpool validate and trust', () => {
  it('passes a valid untrusted file, saying it is untrusted and how to trust it; --require-trust fails on it', async () => {
    await project.installExamples();

    const plain = await project.cli(['validate']);
    const strict = await project.cli(['validate', '--require-trust']);
    const json = JSON.parse((await project.cli(['validate', '--json'])).stdout);
    await project.cli(['trust']);
    const strictAfterTrust = await project.cli(['validate', '--require-trust']);

    expect(plain).toMatchObject({ exitCode: 0, stderr: '' });
    expect(plain.stdout).toBe('5 hooks OK in 1 file: .hookpool/hooks.json (native, project)\nuntrusted: .hookpool/hooks.json: 5 hooks not run until you trust the file: review it, then run hookpool trust\n');
    expect(strict.exitCode).toBe(1);
    expect(strict.stderr).toContain('.hookpool/hooks.json: 5 hook(s) not run: not trusted yet; review it, then run `hookpool trust`');
    expect(json).toMatchObject({ ok: true, problems: [], untrusted: [{ path: `${project.dir}/.hookpool/hooks.json`, hooks: 5, changes: [] }] });
    expect(strictAfterTrust).toMatchObject({ exitCode: 0, stdout: '5 hooks OK in 1 file: .hookpool/hooks.json (native, project)\n' });
  });

  it('still fails on a real problem of an untrusted file, and says what changed since it was trusted', async () => {
    await project.installExamples();
    await project.cli(['trust']);
    await project.write('.hookpool/hooks/block-rm.sh', '#!/bin/sh\nexit 0\n');
    const changed = await project.cli(['validate']);
    await project.write('.hookpool/hooks.json', { hooks: [{ id: 'x', event: 'PreToolUse', command: 'hooks/gone.sh' }] });

    const broken = await project.cli(['validate']);

    expect(changed.exitCode).toBe(0);
    expect(changed.stdout).toContain('  since you trusted it: script .hookpool/hooks/block-rm.sh changed\n');
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toContain('hooks/gone.sh: script not found; the hook would fail each time it runs');
    expect(broken.stderr).toContain('untrusted: .hookpool/hooks.json: 1 hook not run until you trust the file');
  });

  it("never says a settings file holding only hookpool's own agent entries waits for trust", async () => {
    await project.cli(['init', '--agent', 'claude']);

    const plain = await project.cli(['validate']);
    const strict = await project.cli(['validate', '--require-trust']);

    expect(plain.stdout).not.toContain('untrusted');
    expect(strict).toMatchObject({ exitCode: 0, stderr: '' });
  });
});
