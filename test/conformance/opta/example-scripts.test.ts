// Opta V3's "Built-in Hook Scripts", shipped as examples in `.opta/hooks/` (examples/opta/.opta/
// in hookpool's package) with the plan's config: block-rm.sh on tool.pre for run_command,
// auto-lint.sh on tool.post for edit_file|write_file|multi_edit, auto-test.sh on tool.post for
// edit_file|write_file in the background. Each reads its call from OPTA_TOOL_ARGS. The linter and
// npm are stand-ins on PATH that record how they were called.
import { chmod, cp } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { HookSettled } from '../../../src/index.js';
import { engineFor, HOSTS, workspace, type Workspace } from '../kit.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/opta/.opta/', import.meta.url));

async function executable(ws: Workspace, relative: string, body: string): Promise<void> {
  await chmod(await ws.write(relative, `#!/bin/sh\n${body}\n`), 0o755);
}

/** The example copied into a project with a TypeScript file, a stand-in eslint and a stand-in npm that waits for `release`. */
async function exampleProject(host: (typeof HOSTS)[number], onHookSettled?: (settled: HookSettled) => void) {
  const ws = await workspace();
  await cp(EXAMPLE, ws.path('.opta'), { recursive: true });
  await ws.write('src/a.ts', 'export const a = 1;\n');
  await ws.write('package.json', { name: 'p', scripts: { test: 'vitest' } });
  await executable(ws, 'node_modules/.bin/eslint', `echo "$*" >> "${ws.path('eslint-calls.txt')}"`);
  await executable(ws, 'bin/npm', `while [ ! -e "${ws.path('release')}" ]; do sleep 0.05; done\necho "$*" >> "${ws.path('npm-calls.txt')}"\necho "3 passed"`);
  const config = await ws.load({ trust: 'all' });
  expect(config.problems).toEqual([]);
  const env = { PATH: `${ws.path('bin')}:${process.env.PATH ?? ''}` };
  return { ws, config, engine: engineFor(host, ws, config, { env, ...(onHookSettled === undefined ? {} : { onHookSettled }) }) };
}

describe.each(HOSTS)("Opta's example hook scripts, %s host", (host) => {
  it('the plan\'s config loads as Opta: block-rm, auto-lint (15 s) and auto-test (background)', async () => {
    const { config } = await exampleProject(host);

    expect(config.files.map((file) => file.format)).toEqual(['opta']);
    expect(config.hooks.map(({ event, matcher, timeout, background }) => ({ event, matcher, timeout, background: background === true }))).toEqual([
      { event: 'PreToolUse', matcher: 'run_command', timeout: 10_000, background: false },
      { event: 'PostToolUse', matcher: 'edit_file|write_file|multi_edit', timeout: 15_000, background: false },
      { event: 'PostToolUse', matcher: 'edit_file|write_file', timeout: 10_000, background: true },
    ]);
  });

  it('block-rm.sh cancels a recursive rm in run_command, from OPTA_TOOL_ARGS, and lets other commands through', async () => {
    const { engine } = await exampleProject(host);

    const spellings = ['rm -rf build', 'rm -r build', 'rm -f -r build', 'rm --recursive build', 'ls && rm -Rf /'];
    for (const command of spellings) {
      expect(await engine.fire('tool.pre', { tool_name: 'run_command', tool_args: JSON.stringify({ command }) }), command)
        .toMatchObject({ blocked: true, decision: 'deny', reason: 'Blocked: destructive rm (a recursive delete) in run_command' });
    }
    for (const command of ['rm notes.txt', 'rm -f a.log', 'ls -r']) {
      expect(await engine.fire('tool.pre', { tool_name: 'run_command', tool_args: JSON.stringify({ command }) }), command).toMatchObject({ blocked: false, decision: null });
    }
    expect(await engine.fire('tool.pre', { tool_name: 'read_file', tool_args: JSON.stringify({ path: 'rm -rf' }) })).toMatchObject({ blocked: false, hooks: [] });
  });

  it('auto-lint.sh runs the project\'s eslint --fix on the written file; auto-test.sh runs npm test in the background, drained at close', async () => {
    const settled: HookSettled[] = [];
    const { ws, engine } = await exampleProject(host, (hook) => void settled.push(hook));

    const result = await engine.fire('tool.post', { tool_name: 'write_file', tool_args: JSON.stringify({ path: 'src/a.ts', content: 'x' }), tool_result: 'ok' });

    // The fire waited for auto-lint only: npm is still waiting for the release file.
    expect(result.hooks.map((hook) => [hook.id, hook.status])).toEqual([['auto-lint.sh@PostToolUse', 'ok']]);
    expect(await ws.lines('eslint-calls.txt')).toEqual(['--fix src/a.ts']);
    expect(await ws.read('npm-calls.txt')).toBeNull();

    await ws.write('release', '');
    await engine.close();

    expect(await ws.lines('npm-calls.txt')).toEqual(['test -- --run --reporter=dot']);
    expect(settled.find((hook) => hook.background)).toMatchObject({ event: 'PostToolUse', outcome: { id: 'auto-test.sh@PostToolUse', status: 'ok', stdout: '3 passed\n' } });
  });

  it('on multi_edit only auto-lint runs; a file auto-lint has no linter for, or no path, is left alone', async () => {
    const { ws, engine } = await exampleProject(host);

    const multi = await engine.fire('tool.post', { tool_name: 'multi_edit', tool_args: JSON.stringify({ path: 'src/a.ts' }), tool_result: 'ok' });
    const markdown = await engine.fire('tool.post', { tool_name: 'edit_file', tool_args: JSON.stringify({ path: 'README.md' }), tool_result: 'ok' });
    await ws.write('release', '');

    expect(multi.hooks.map((hook) => hook.status)).toEqual(['ok']);
    expect(markdown.hooks.map((hook) => hook.status)).toEqual(['ok']);
    expect(await ws.lines('eslint-calls.txt')).toEqual(['--fix src/a.ts']);
    await engine.close();
    expect(await ws.read('npm-calls.txt')).toBeNull();
  });
});
