// One trust rule for every edit hookpool makes: adding or changing a command leaves the file waiting
// for `hookpool trust`; removing, disabling or enabling a hook keeps an approved file approved.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
  await project.installExamples();
  await project.cli(['trust']);
});
afterEach(async () => project.remove());

const KEPT = 'the file stays trusted: this edit only removed or switched hooks the file held when you trusted it';
const NEEDED = '.hookpool/hooks.json now runs a command you have not reviewed: its hooks wait until you review it and run hookpool trust';

// The strict validate passes only when every project hook file is trusted as it is now.
async function isTrusted(): Promise<boolean> {
  return (await project.cli(['validate', '--require-trust'])).exitCode === 0;
}

describe('the trust rule for edits', () => {
  it('add: a new command waits for review', async () => {
    const added = await project.cli(['add', '--event', 'Stop', '--command', 'echo new', '--id', 'new']);

    expect(added.stdout).toContain(NEEDED);
    expect(await isTrusted()).toBe(false);
  });

  it('init --example: an example added to a trusted file waits for review', async () => {
    await project.cli(['remove', 'notify']);

    const added = await project.cli(['init', '--example', 'notify']);

    expect(added.stdout).toContain('added notify to .hookpool/hooks.json');
    expect(added.stdout).toContain('next: review .hookpool/hooks.json (hookpool list shows its hooks), then run hookpool trust');
    expect(await isTrusted()).toBe(false);
  });

  it.each([
    ['remove', ['remove', 'notify']],
    ['disable', ['disable', 'notify']],
  ])('%s keeps the approval', async (_verb, args) => {
    const edited = await project.cli(args);

    expect(edited.stdout).toContain(KEPT);
    expect(await isTrusted()).toBe(true);
  });

  it('enable keeps the approval: the hook and its script were approved with the file', async () => {
    await project.cli(['disable', 'notify']);

    const enabled = await project.cli(['enable', 'notify']);
    const run = await project.cli(['run', 'PreToolUse', '--json', '--input', '{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}']);

    expect(enabled.stdout).toBe(`enabled notify (.hookpool/hooks.json hooks[3])\n${KEPT}\n`);
    expect(await isTrusted()).toBe(true);
    expect(run.exitCode).toBe(2);
  });

  it('no edit keeps an approval the file no longer had, nor one a changed script broke', async () => {
    await project.cli(['add', '--event', 'Stop', '--command', 'echo new', '--id', 'new']);
    const disabledWhileWaiting = await project.cli(['disable', 'new']);
    await project.cli(['trust']);
    await project.write('.hookpool/hooks/notify.sh', '#!/bin/sh\necho changed\n');

    const disabledAfterScriptChange = await project.cli(['disable', 'block-rm']);

    expect(disabledWhileWaiting.stdout).not.toContain(KEPT);
    expect(disabledAfterScriptChange.stdout).not.toContain(KEPT);
    expect(await isTrusted()).toBe(false);
  });
});
