// Guarantee 7 for configuration, as properties: whatever JSON a user writes, hookpool answers
// with an engine or a coded HookpoolError whose lines name the JSON path, never another
// exception (a TypeError from deep inside would crash an agent that only catches ours).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createHookEngine, ERROR_CODES, EVENT_NAMES, HookpoolError, loadHooksConfig, type HookEngine } from '../../src/index.js';
import { pino } from 'pino';
import { anyJson, hookEntries, mostly, settingsDocument } from './arbitraries.js';

// A valid configuration starts a pool: one thread in this process keeps each run cheap.
const POOL = { threads: 1 } as const;

/** The engine the options give, or the error createHookEngine threw. */
function tryCreate(options: Record<string, unknown>): { engine: HookEngine } | { error: unknown } {
  try {
    return { engine: createHookEngine({ ...options, host: 'thread', pool: POOL }) };
  } catch (error) {
    return { error };
  }
}

async function expectEngineOrHookpoolError(options: Record<string, unknown>): Promise<void> {
  const created = tryCreate(options);
  if ('engine' in created) {
    // Matchers and globs are compiled now; asking the planner must not throw either.
    for (const event of EVENT_NAMES) created.engine.has(event, 'Bash');
    await created.engine.close();
    return;
  }
  expect(created.error).toBeInstanceOf(HookpoolError);
  expect(Object.keys(ERROR_CODES)).toContain((created.error as HookpoolError).code);
}

/** One problem per line, each naming the JSON path it is about. */
function expectLinesNamingHooks(error: HookpoolError): void {
  expect(error.message.length).toBeGreaterThan(0);
  for (const line of error.message.split('\n')) {
    // A non-array `hooks` is caught by the options schema, whose lines carry its own prefix.
    expect(line).toMatch(/^(createHookEngine options: )?hooks\b/);
  }
}

describe('createHookEngine({ hooks }) on arbitrary input', () => {
  it('gives an engine or a HookpoolError for any JSON value as `hooks`', async () => {
    await fc.assert(fc.asyncProperty(anyJson, (value) => expectEngineOrHookpoolError({ hooks: value })), { numRuns: 200 });
  });

  it('gives an engine or a HookpoolError for any list of (nearly) valid hook entries', async () => {
    await fc.assert(fc.asyncProperty(hookEntries, (hooks) => expectEngineOrHookpoolError({ hooks })), { numRuns: 300 });
  });

  it('reports every problem on its own line, starting with the JSON path under `hooks`', async () => {
    // Most generated lists are refused (about four in five); the lines are checked on each of those.
    let refused = 0;
    await fc.assert(fc.asyncProperty(fc.oneof(anyJson, hookEntries), async (hooks) => {
      const created = tryCreate({ hooks });
      if ('engine' in created) return void (await created.engine.close());
      expect(created.error).toBeInstanceOf(HookpoolError);
      expectLinesNamingHooks(created.error as HookpoolError);
      refused += 1;
    }), { numRuns: 300 });
    expect(refused).toBeGreaterThan(100);
  });

  // Counterexamples the properties above found, kept as plain cases.
  it('rejects an empty glob in a filter with a HookpoolError (picomatch throws a TypeError on "")', () => {
    for (const filter of [{ tool: '' }, { path: [''] }, { sessionId: ['Bash', ''] }]) {
      expect(() => createHookEngine({ host: 'thread', pool: POOL, hooks: [{ event: 'PreToolUse', command: 'true', filter }] }))
        .toThrow(expect.objectContaining({ code: 'ERR_HOOKPOOL_INVALID_CONFIG', message: expect.stringMatching(/^hooks\[0\]: filter/) }));
    }
  });

  it('keeps one problem per line when a user-written value holds a newline', () => {
    const attempt = () => createHookEngine({ hooks: [{ id: 'a\nb', event: 'Pre\nToolUse', command: 'true' }] });
    expect(attempt).toThrow(HookpoolError);
    try {
      attempt();
    } catch (error) {
      expectLinesNamingHooks(error as HookpoolError);
    }
  });
});

describe('createHookEngine on arbitrary options', () => {
  const noop = () => {};
  // Loggers the options schema accepts ("debug, info, warn and error methods"), and some it should not.
  const loggers = [pino({ level: 'silent' }), console, { debug: noop, info: noop, warn: noop, error: noop }, { warn: noop }, 'info'];
  // Each option usually valid, so that whole combinations often are.
  const valid = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown> = anyJson) => fc.oneof({ weight: 12, arbitrary: good }, { weight: 1, arbitrary: bad });
  const options = fc.record({
    // Hooks have their own properties above; here a few valid lists, so that whole combinations often are.
    hooks: valid(fc.constantFrom([], [{ event: 'Stop', command: 'true' }], [{ event: 'PreToolUse', matcher: 'Bash', args: ['true'], background: true }])),
    // 'thread' only when valid: a sandbox per run would make this slow, and the options are the point.
    host: valid(fc.constant('thread'), fc.constantFrom('process ', 'sandbox')),
    cwd: valid(fc.constantFrom('/tmp', 'relative/dir')),
    sessionId: valid(fc.constant('s1'), fc.constant('')),
    closeTimeout: valid(fc.integer({ min: 0, max: 10_000 }), fc.constant(-1)),
    pool: valid(fc.record({
      threads: valid(fc.integer({ min: 1, max: 2 }), fc.constant(0)),
      maxConcurrentHooks: valid(fc.integer({ min: 1, max: 4096 }), fc.constant(5000)),
      backgroundQueueSize: valid(fc.integer({ min: 1, max: 10 }), fc.constant(0)),
      killGraceMs: valid(fc.integer({ min: 0, max: 500 }), fc.constant(-1)),
    }, { requiredKeys: [] })),
    maxPayloadBytes: valid(fc.integer({ min: 1, max: 1 << 20 }), fc.constant(0)),
    maxStopBlocks: valid(fc.integer({ min: 1, max: 10 }), fc.constant(0)),
    env: valid(fc.dictionary(fc.constantFrom('PATH', 'API_KEY', 'X'), fc.string({ maxLength: 4 }))),
    logger: fc.constantFrom(...loggers),
    onHookSettled: valid(fc.constant(noop), fc.constant('noop')),
    problems: valid(fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 })),
    disableAllHooks: valid(fc.boolean()),
    unknownOption: fc.constant(1),
  }, { requiredKeys: ['host', 'logger'] });

  it('gives an engine or a HookpoolError for any combination of options', async () => {
    await fc.assert(fc.asyncProperty(options, async (value) => {
      let engine: HookEngine;
      try {
        engine = createHookEngine(value as never);
      } catch (error) {
        expect(error).toBeInstanceOf(HookpoolError);
        return;
      }
      await engine.close();
    }), { numRuns: 200 });
  });

  // The counterexample the property found: validation accepted any object with the four level
  // methods, and the engine then called pino's child() on it. A non-pino logger is now refused
  // up front with a one-line error that says what is expected.
  it('refuses a logger that is not pino with a clear error, and accepts pino', async () => {
    const plain = { debug: noop, info: noop, warn: noop, error: noop };
    expect(() => createHookEngine({ logger: plain as never, hooks: [] })).toThrow(
      expect.objectContaining({ code: 'ERR_HOOKPOOL_INVALID_OPTIONS', message: 'createHookEngine options: logger: expected a pino logger (pino() or a child of it)' }),
    );
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const engine = createHookEngine({ logger, problems: ['a problem to log'], hooks: [] });
    await engine.close();
    expect(warnings.join('')).toContain('a problem to log');
  });
});

describe('loadHooksConfig on a file holding arbitrary JSON', () => {
  const root = mkdtempSync(join(tmpdir(), 'hookpool-prop-config-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let fileNumber = 0;

  /** Writes the document where it is read as a given kind of file; returns the loader options. */
  function place(document: unknown, as: 'file' | 'opta' | 'claude') {
    const dir = join(root, String(fileNumber++));
    const path = as === 'opta' ? join(dir, '.opta', 'config.json') : join(dir, 'hooks.json');
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, JSON.stringify(document));
    const where = as === 'claude' ? { claudeSettings: [path] } : { files: [path] };
    return { cwd: dir, home: dir, discover: false, ...where };
  }

  it('gives a config whose problems each name the file, or a HookpoolError; and the engine accepts that config', async () => {
    await fc.assert(fc.asyncProperty(settingsDocument, fc.constantFrom('file', 'opta', 'claude'), async (document, as) => {
      const options = place(document, as);
      let config: Awaited<ReturnType<typeof loadHooksConfig>>;
      try {
        config = await loadHooksConfig(options);
      } catch (error) {
        expect(error).toBeInstanceOf(HookpoolError);
        return;
      }
      const path = (options.files ?? options.claudeSettings)![0]!;
      for (const problem of config.problems) expect(problem.startsWith(`${path}:`)).toBe(true);
      expect(Array.isArray(config.hooks)).toBe(true);
      // What the loader accepted, the engine must accept too (the loader checks the native schema).
      const created = tryCreate({ ...config });
      if ('error' in created) expect.fail(`loadHooksConfig accepted hooks that createHookEngine refuses: ${String(created.error)}`);
      await created.engine.close();
    }), { numRuns: 300 });
  });
});
