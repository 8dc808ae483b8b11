import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from './cli-harness.js';

let project: TempProject;
let config: string;
beforeEach(async () => {
  project = await createTempProject();
  config = await project.installExamples();
});
afterEach(async () => project.remove());

describe('hookpool test <hook-id>', () => {
  it('runs the hook on a sample payload and shows exit code, duration, status, decision, reason and output', async () => {
    const { exitCode, stdout } = await project.cli(['test', 'block-rm', '--config', config]);

    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/hook\s+block-rm \(PreToolUse, matcher Bash, timeout 5000 ms, foreground, enabled\)/);
    expect(stdout).toMatch(/payload\s+\{"tool_name":"Bash","tool_input":\{"command":"rm -rf \.\/dist"/);
    expect(stdout).toMatch(/outcome\s+exit_nonzero, exit 2, [\d.]+ ms/);
    expect(stdout).toMatch(/answer\s+blocked \(deny\)/);
    expect(stdout).toMatch(/reason\s+block-rm: 'rm -rf' is not allowed here/);
    expect(stdout).toMatch(/stdout\s+\(empty\)/);
    expect(stdout).toMatch(/stderr\s+block-rm: 'rm -rf' is not allowed here/);
  });

  it("picks the sample its matcher accepts, and takes the user's payload with --input", async () => {
    const sampled = await project.cli(['test', 'webfetch-permission', '--json', '--config', config]);
    const given = await project.cli(['test', 'webfetch-permission', '--json', '--config', config, '--input', '{"tool_name":"WebFetch","tool_input":{"url":"http://pastebin.example/x"}}']);

    expect(JSON.parse(sampled.stdout)).toMatchObject({ payload: { tool_name: 'WebFetch' }, outcome: { status: 'ok', exitCode: 0 }, answer: { decision: 'allow' }, notes: [] });
    expect(JSON.parse(given.stdout)).toMatchObject({ answer: { decision: 'ask', updatedInput: { url: 'https://pastebin.example/x' } } });
  });

  it('runs a background hook and a hook whose matcher rejects the payload, with a note', async () => {
    const background = await project.cli(['test', 'notify', '--config', config], { env: { TMPDIR: project.root } });
    const mismatched = await project.cli(['test', 'block-rm', '--config', config, '--input', '{"tool_name":"Read","tool_input":{}}']);

    expect(background.exitCode).toBe(0);
    expect(background.stdout).toMatch(/outcome\s+ok, exit 0/);
    expect(background.stdout).toContain('a background hook');
    await expect(project.read('../hookpool-notifications.log')).resolves.toContain('permission_prompt: Claude needs your permission to use Bash');
    expect(mismatched.stdout).toContain('note: matcher "Bash" does not accept tool_name "Read"');
    expect(mismatched.stdout).toMatch(/answer\s+proceed/);
  });

  it('exits 1 when the hook could not run, and names the closest id for a typo', async () => {
    await project.write('broken.json', nativeConfig([{ id: 'missing', event: 'Stop', command: './does-not-exist.sh' }]));

    const broken = await project.cli(['test', 'missing', '--config', 'broken.json']);
    const typo = await project.cli(['test', 'block-rn', '--config', config]);

    expect(broken.exitCode).toBe(1);
    expect(broken.stdout).toMatch(/outcome\s+exit_nonzero, exit 127/);
    expect(typo.exitCode).toBe(1);
    expect(typo.stderr).toBe('hookpool: no hook "block-rn" (did you mean "block-rm"? hookpool list shows every id)\n');
  });
});
