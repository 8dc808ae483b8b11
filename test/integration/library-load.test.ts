// What importing the library and running an engine without a logger loads: pino is a type and the
// agent's own logger, never loaded by hookpool itself (a silent stand-in logs nothing instead).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TRACER = fileURLToPath(new URL('../fixtures/trace-modules.mjs', import.meta.url));
const LIBRARY = fileURLToPath(new URL('../../dist/src/index.js', import.meta.url));

describe('the library without a logger', () => {
  it('runs a hook without loading pino', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hookpool-library-load-'));
    try {
      const trace = join(dir, 'modules.txt');
      const script = `
        const { createHookEngine } = await import(${JSON.stringify(LIBRARY)});
        const engine = createHookEngine({ hooks: [{ event: 'Stop', command: 'true' }] });
        const result = await engine.fire('Stop', {});
        await engine.close();
        console.log(result.hooks.map((hook) => hook.status).join());`;
      const output = execFileSync(process.execPath, ['--import', TRACER, '--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, HOOKPOOL_TRACE_MODULES: trace } });
      expect(output.trim()).toBe('ok');
      const packages = new Set(readFileSync(trace, 'utf8').split('\n').flatMap((url) => /\/node_modules\/([^/]+)\//.exec(url)?.[1] ?? []));
      expect(packages).toContain('zod');
      expect(packages.has('pino')).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
