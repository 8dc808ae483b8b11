// Built-in hooks as configuration switches them on: `"builtins": { "<name>": ... }` in a native
// file becomes module hooks with origin `builtin`, run in the pool's workers on both hosts. The
// catalog is a parameter of the loader: these tests bring their own, pointing at a fixture module.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, loadHooksConfig, type HookEngine } from '../../src/index.js';
import type { BuiltinCatalog } from '../../src/config/builtin-hooks.js';
import { HOSTS } from '../helpers/hosts.js';
import { tempDir } from '../helpers/temp-dirs.js';

const ANSWERS = new URL('../fixtures/modules/answers.mjs', import.meta.url).pathname;
const CATALOG: BuiltinCatalog = [
  { name: 'fixture-guard', description: 'refuses rm', hooks: [{ event: 'PreToolUse', matcher: 'Bash', priority: 1000, background: false }], enabledByDefault: true, options: z.strictObject({ why: z.string().optional() }), module: ANSWERS, env: ['FIXTURE_TOKEN'] },
  { name: 'fixture-logger', description: 'answers on two events', hooks: [{ event: 'Stop', matcher: null, priority: -100, background: false }, { event: 'SessionEnd', matcher: null, priority: -100, background: false }], enabledByDefault: false, options: z.strictObject({}), module: ANSWERS, env: [] },
];

async function load(config: object) {
  const dir = tempDir('builtins');
  const file = join(dir, 'hooks.json');
  writeFileSync(file, JSON.stringify(config));
  return { file, config: await loadHooksConfig({ cwd: dir, files: [file], trust: 'all', builtinCatalog: CATALOG }) };
}

describe.each(HOSTS)('built-ins switched on in configuration, %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it('run as module hooks with origin builtin, their catalog priority and matcher, and their options', async () => {
    const { file, config } = await load({ builtins: { 'fixture-guard': { options: { why: 'built in' } } } });
    expect(config.problems).toEqual([]);
    engine = createHookEngine({ host, ...config });
    expect(engine.hooks).toEqual([expect.objectContaining({
      id: 'builtin:fixture-guard', event: 'PreToolUse', matcher: 'Bash', priority: 1000, origin: 'builtin', enabled: true,
      handler: expect.objectContaining({ kind: 'module', module: ANSWERS }), source: { file, jsonPath: 'builtins.fixture-guard', format: 'native' },
      env: expect.objectContaining({ pass: ['FIXTURE_TOKEN'] }),
    })]);
    expect(await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf x' } })).toMatchObject({ blocked: true, reason: 'no rm (built in)' });
    expect((await engine.fire('PreToolUse', { tool_name: 'Read', tool_input: { file_path: 'x' } })).hooks).toEqual([]);
  });

  it("follow the seed's default unless told: an object keeps a disabled-by-default built-in off, true turns it on; one per event", async () => {
    const off = await load({ builtins: { 'fixture-logger': { options: {} } } });
    expect(off.config.hooks.map((hook) => [hook.id, hook.enabled])).toEqual([['builtin:fixture-logger@Stop', false], ['builtin:fixture-logger@SessionEnd', false]]);
    const on = await load({ builtins: { 'fixture-logger': true, 'fixture-guard': false } });
    expect(on.config.hooks.map((hook) => [hook.id, hook.enabled])).toEqual([['builtin:fixture-logger@Stop', true], ['builtin:fixture-logger@SessionEnd', true], ['builtin:fixture-guard', false]]);
    engine = createHookEngine({ host, ...on.config });
    expect((await engine.fire('Stop', {})).hooks.map((hook) => [hook.id, hook.status])).toEqual([['builtin:fixture-logger@Stop', 'ok']]);
  });
});

describe('built-in configuration problems', () => {
  it('an unknown name or bad options are problem lines naming the place; the rest loads', async () => {
    const { file, config } = await load({ hooks: [{ event: 'Stop', command: 'true' }], builtins: { 'fixture-gaurd': true, 'fixture-logger': { options: { nope: 1 } }, 'fixture-guard': 'yes' } });
    expect(config.problems).toEqual([
      `${file}: builtins.fixture-gaurd: unknown built-in (did you mean "fixture-guard"?)`,
      `${file}: builtins.fixture-logger.options: unknown key "nope"`,
      `${file}: builtins.fixture-guard: expected true, false or { "enabled": true|false, "options": {...} }`,
    ]);
    expect(config.hooks.map((hook) => hook.id)).toEqual([undefined]);
  });
});
