// `hookpool run` loads only what the event needs (issue 11, "A fast CLI"): with a valid config
// cache and no matching hook, none of the heavy dependencies is loaded and no pool starts.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from './cli-harness.js';

const TRACER = fileURLToPath(new URL('../fixtures/trace-modules.mjs', import.meta.url));
const HEAVY = ['zod', 'piscina', 'pino', 'commander', 'yaml', 'picomatch', 'shell-quote', 'fastest-levenshtein'];

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

// The packages a run loaded, by name, and whether it loaded the pool's worker entry.
async function tracedRun(payload: string, tag: string, args: readonly string[] = ['PreToolUse']): Promise<{ exitCode: number; packages: Set<string>; pool: boolean; urls: string[] }> {
  const traceFile = join(project.root, `modules-${tag}.txt`);
  const result = await project.cli(['run', ...args, '--input', payload], { env: { NODE_OPTIONS: `--import=${TRACER}`, HOOKPOOL_TRACE_MODULES: traceFile } });
  const urls = [...new Set((await readFile(traceFile, 'utf8')).split('\n').filter(Boolean))];
  const packages = new Set(urls.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []));
  return { exitCode: result.exitCode, packages, pool: urls.some((url) => url.includes('/workers/')), urls };
}

describe('run: lazy loading', () => {
  beforeEach(async () => {
    await project.write('.claude/settings.local.json', {});
    await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: 'true' }] });
    expect((await project.cli(['trust'])).exitCode).toBe(0);
  });

  it('with a valid cache and no matching hook loads no heavy dependency and starts no pool', async () => {
    const readPayload = '{"tool_name":"Read","tool_input":{"file_path":"/tmp/x"}}';
    const first = await tracedRun(readPayload, 'first');
    const cached = await tracedRun(readPayload, 'cached');

    expect(first.exitCode).toBe(0);
    expect(first.packages).toContain('zod');
    expect(cached.exitCode).toBe(0);
    expect(HEAVY.filter((name) => cached.packages.has(name))).toEqual([]);
    expect(cached.pool).toBe(false);
  });

  it('with --format gemini loads nothing besides the bundled executable, and no heavy dependency', async () => {
    const readFileCall = '{"hook_event_name":"BeforeTool","tool_name":"read_file","tool_input":{"file_path":"/tmp/x"}}';
    await tracedRun(readFileCall, 'gemini-first', ['--format', 'gemini']);
    const cached = await tracedRun(readFileCall, 'gemini-cached', ['--format', 'gemini']);

    expect(cached.exitCode).toBe(0);
    expect(HEAVY.filter((name) => cached.packages.has(name))).toEqual([]);
    expect(cached.urls.filter((url) => url.startsWith('file:')).map((url) => url.replace(/^.*\/dist\//, 'dist/'))).toEqual(['dist/src/cli/hookpool.cjs']);
  });

  it('with a matching hook runs it from the run engine bundle, loading no npm package and starting no pool', async () => {
    await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: 'touch ran' }] });
    expect((await project.cli(['trust'])).exitCode).toBe(0);
    await tracedRun('{"tool_name":"Read"}', 'warm');
    const matched = await tracedRun('{"tool_name":"Bash","tool_input":{"command":"ls"}}', 'matched');

    expect(matched.exitCode).toBe(0);
    expect(existsSync(join(project.dir, 'ran'))).toBe(true);
    expect([...matched.packages]).toEqual([]);
    expect(matched.pool).toBe(false);
    // The bundles after the executable are loaded through the code cache (load-bundle.ts), not require().
    expect(matched.urls.filter((url) => url.startsWith('file:')).map((url) => url.replace(/^.*\/dist\//, 'dist/'))).toEqual(['dist/src/cli/hookpool.cjs']);
  });

  it('a hook with an `if` rule: shell-quote loads only for a command line to take apart, and the rule decides', async () => {
    await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', matcher: 'Bash', if: 'Bash(git push *)', command: 'echo pushed >> runs' }] });
    expect((await project.cli(['trust'])).exitCode).toBe(0);
    await tracedRun('{"tool_name":"Read"}', 'warm-if');
    const push = await tracedRun('{"tool_name":"Bash","tool_input":{"command":"cd repo && git push origin main"}}', 'push');
    const list = await tracedRun('{"tool_name":"Bash","tool_input":{"command":"ls && echo hi"}}', 'list');

    expect([push.exitCode, list.exitCode]).toEqual([0, 0]);
    expect([...push.packages]).toEqual(['shell-quote']);
    expect(await project.read('runs')).toBe('pushed\n');
  });
});
