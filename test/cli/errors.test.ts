import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

/** Exit 1 and exactly one stderr line, never a stack trace. */
function expectOneLineError(result: { exitCode: number; stderr: string }, line: string | RegExp): void {
  expect(result.exitCode).toBe(1);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  if (typeof line === 'string') expect(lines[0]).toBe(line);
  else expect(lines[0]).toMatch(line);
}

describe('errors for people: one line on stderr, exit 1', () => {
  it('names a missing config file', async () => {
    expectOneLineError(await project.cli(['list', '--config', 'nope.json']), `hookpool: ${project.dir}/nope.json: no such file`);
  });

  it('gives line and column of invalid JSON', async () => {
    await project.write('bad.json', '{\n  "hooks": [\n    {"event": "Stop",, "command": "x"}\n  ]\n}\n');

    expectOneLineError(await project.cli(['validate', '--config', 'bad.json']), `hookpool: ${project.dir}/bad.json:3:22: Unexpected token "," (expected a property name in double quotes)`);
  });

  it('suggests the closest event for an unknown one', async () => {
    expectOneLineError(await project.cli(['run', 'PreToolUs', '--input', '{}']), /^hookpool: unknown event "PreToolUs" \(did you mean "PreToolUse"\?/);
  });

  it('rejects a bad matcher regex in validate', async () => {
    await project.write('hooks.json', { hooks: [{ event: 'PreToolUse', matcher: 'mcp__(', command: 'true' }] });

    const result = await project.cli(['validate', '--config', 'hooks.json']);

    expect(result.exitCode).toBe(1);
    expect(result.stderr.split('\n')[0]).toMatch(/^hooks\.json: hooks\[0\]\.matcher: invalid matcher regex "mcp__\(": .*Unterminated group/);
  });

  it('reports a bad --input with its position, and a payload that is not an object', async () => {
    expectOneLineError(await project.cli(['run', 'Stop', '--input', '{"a":']), /^hookpool: --input:1:6: Unexpected end of input/);
    expectOneLineError(await project.cli(['run', 'Stop', '--input', '[]']), /^hookpool: --input: the payload must be a JSON object/);
  });

  it('reports usage errors from the parser in one line', async () => {
    expectOneLineError(await project.cli(['frob']), "hookpool: unknown command 'frob'");
    expectOneLineError(await project.cli(['run', 'Stop', '--bogus']), "hookpool: unknown option '--bogus'");
    expectOneLineError(await project.cli(['run', 'Stop', '--json', '--format', 'claude']), "hookpool: option '--json' cannot be used with option '--format <format>'");
    expectOneLineError(await project.cli(['run', 'Stop', '--cwd', 'missing-dir']), 'hookpool: --cwd missing-dir: no such directory');
  });

  it('prints the stack only with HOOKPOOL_DEBUG=1', async () => {
    const debug = await project.cli(['list', '--config', 'nope.json'], { env: { HOOKPOOL_DEBUG: '1' } });

    expect(debug.exitCode).toBe(1);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });
});
