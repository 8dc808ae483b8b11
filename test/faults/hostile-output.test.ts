// Hook output that is too much or not what it should be: a 150 MiB flood on each stream, random
// bytes and malformed JSON, JSON nested thousands deep. The outcome is capped and says so,
// memory stays bounded, bad output is plain text with a warning, and fire() never rejects
// (Guarantees 5 and 7).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine } from '../../src/index.js';
import { expectDescriptorsBack, rssOf, sandboxPids, warm, WARM_HOOK } from '../helpers/descriptors.js';
import { HOSTS } from '../helpers/hosts.js';
import { FIXTURES } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp-dirs.js';

const MiB = 1024 * 1024;
/** Per stream: far more than any Node version's uncollected garbage, so a kept stream cannot hide in it. */
const FLOOD_BYTES = 150 * MiB;

/** A pino logger writing to memory, and the messages of its warnings so far. */
function recordingLogger() {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => { lines.push(...String(chunk).split('\n').filter(Boolean)); done(); } });
  const logger = pino({ level: 'info' }, sink);
  // Warnings, and the info lines that note output read otherwise than written (FireResult.ignoredOutput).
  return { logger, warnings: () => lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.level >= 30).map((entry) => entry.msg) };
}

/** JSON output whose updatedInput is an object nested `depth` levels deep. */
function deepJsonOutput(depth: number): string {
  const updatedInput = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":${updatedInput}}}`;
}

const GARBAGE_KINDS = ['truncated-json', 'trailing-garbage', 'array', 'string', 'nul', 'invalid-utf8', 'deep', 'random'] as const;
// Kinds that look like JSON output (they start with {, [ or ") and so earn a log line: an error
// when it cannot be parsed between its braces, a note when Claude Code reads it as plain text.
const WARNED_KINDS = ['truncated-json', 'trailing-garbage', 'array', 'string', 'nul', 'invalid-utf8'];

describe.each(HOSTS)('hostile hook output on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('caps 150 MiB on stdout and on stderr at maxOutputBytes, reports truncation, and keeps memory bounded', async () => {
    engine = createHookEngine({ host, hooks: [WARM_HOOK, { id: 'flood', event: 'Stop', args: [`${FIXTURES}flood.sh`, String(FLOOD_BYTES)], timeout: 60_000 }] });
    const baseline = await warm(engine);
    // The process that reads the pipes: this one, or the sandbox.
    const reader = host === 'process' ? sandboxPids()[0]! : process.pid;
    const rssBefore = rssOf(reader);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(reader))), 5);
    const [outcome] = (await engine.fire('Stop', {})).hooks;
    clearInterval(sampler);
    expect(outcome).toMatchObject({ status: 'ok', exitCode: 0, truncated: true });
    expect(outcome!.stdout).toBe('o'.repeat(MiB)); // the default cap, 1 MiB per stream
    expect(outcome!.stderr).toBe('e'.repeat(MiB));
    // Generous bound: 300 MiB went through the pipes, and keeping even one stream would pass it.
    // Measured here: not-yet-collected 64 KiB chunks, about the same for 20 or 400 MiB: 35-41 MiB
    // on Node 20, 67-69 MiB on Node 24 (its young generation is larger).
    expect(rssPeak - rssBefore).toBeLessThan(FLOOD_BYTES * 2 / 3);
    await expectDescriptorsBack(baseline);
  });

  it('reads random bytes and malformed JSON on stdout as plain text, with a log line, never as a decision', async () => {
    const { logger, warnings } = recordingLogger();
    const hooksFor = (event: string) => GARBAGE_KINDS.map((kind) => ({ id: `${event}-${kind}`, event, args: [`${FIXTURES}garbage-stdout.sh`, kind] }));
    engine = createHookEngine({ host, logger, hooks: [WARM_HOOK, ...hooksFor('PreToolUse'), ...hooksFor('UserPromptSubmit')] });
    const baseline = await warm(engine);

    const pre = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(pre.hooks.map((hook) => [hook.id, hook.status])).toEqual(GARBAGE_KINDS.map((kind) => [`PreToolUse-${kind}`, 'ok']));
    expect(pre).toMatchObject({ blocked: false, decision: null, reason: null, updatedInput: null, continue: true });
    expect(pre.hooks.find((hook) => hook.id === 'PreToolUse-random')!.stdout.length).toBeGreaterThan(0);

    const prompt = await engine.fire('UserPromptSubmit', { prompt: 'hi' });
    expect(prompt.hooks.every((hook) => hook.status === 'ok')).toBe(true);
    expect(prompt).toMatchObject({ blocked: false, decision: null, continue: true });
    // Plain stdout is context on UserPromptSubmit: the half JSON object arrives as text, first in config order.
    expect(prompt.additionalContext!.startsWith('{"decision": "block", "reason": "half a JSON object"')).toBe(true);

    for (const event of ['PreToolUse', 'UserPromptSubmit']) {
      for (const kind of WARNED_KINDS) {
        expect(warnings().some((message) => message.includes(`hook "${event}-${kind}"`) && /plain text|not used/.test(message)), `${event}-${kind}`).toBe(true);
      }
    }
    await expectDescriptorsBack(baseline);
  });

  it('resolves a fire whose hook answers with updatedInput nested 10,000 levels deep', async () => {
    const dir = tempDir('deep');
    writeFileSync(join(dir, 'deep.json'), deepJsonOutput(10_000));
    engine = createHookEngine({ host, hooks: [{ id: 'deep', event: 'PreToolUse', args: ['cat', join(dir, 'deep.json')] }] });
    const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    expect(result.hooks[0]).toMatchObject({ status: 'ok', truncated: false });
    expect(result).toMatchObject({ blocked: false, decision: 'allow' });
    expect(typeof result.updatedInput).toBe('object');
  });

  // fire() must never reject for a hook's misbehaviour: here the first hook of a sequential chain
  // answers with an updatedInput too deep for JSON.stringify, which the next hook's stdin needs.
  it('resolves a sequential chain whose first hook answers with updatedInput nested 10,000 levels deep', async () => {
    const dir = tempDir('deep');
    writeFileSync(join(dir, 'deep.json'), deepJsonOutput(10_000));
    engine = createHookEngine({ host, hooks: [
      { id: 'deep', event: 'PreToolUse', args: ['cat', join(dir, 'deep.json')], sequential: true },
      { id: 'next', event: 'PreToolUse', args: ['true'], sequential: true },
    ] });
    const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    expect(result.hooks.map((hook) => hook.id)).toEqual(['deep', 'next']);
    expect(result.hooks[0]!.status).toBe('ok');
    expect(result.blocked).toBe(false);
  });
});
