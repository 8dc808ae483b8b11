// fast-check generators for hook configurations: mostly valid values, nearly valid ones and the
// classic edge cases (empty strings, bad regexes, newlines), with arbitrary JSON mixed in, so
// that properties reach deep into every schema and past it into the planner.
import fc from 'fast-check';
import { EVENT_NAMES, EVENT_SPECS } from '../../src/index.js';

export const anyJson = fc.jsonValue({ maxDepth: 3 });

/** A plausible value most of the time, any JSON value sometimes. */
export function mostly<T>(plausible: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 9, arbitrary: plausible }, { weight: 1, arbitrary: anyJson });
}

/** Usually `good`, sometimes `edge`. */
function usually<T, U>(good: fc.Arbitrary<T>, edge: fc.Arbitrary<U>): fc.Arbitrary<T | U> {
  return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: edge });
}

const validEventNames = [...EVENT_NAMES, ...EVENT_NAMES.flatMap((name) => EVENT_SPECS[name].aliases)];
export const eventName = usually(fc.constantFrom(...validEventNames), fc.oneof(fc.constantFrom('PreToolUs', '', 'tool', 'Pre\nToolUse'), fc.string({ maxLength: 12 })));
const optaEventName = usually(fc.constantFrom('session.start', 'session.end', 'tool.pre', 'tool.post', 'compact', 'error'), eventName);

// Matchers and globs: names, lists, regexes valid and not, glob syntax valid and not, empty.
const patterns = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('*', 'Bash', 'Edit|Write', 'Edit,Write', 'mcp__.*', '^Notebook', '*.ts', 'src/**/*.ts', '?') },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.oneof(fc.constantFrom('**', '(', '[', 'a{2,', '\\', '!(x', '[z-a]', 'a\nb'), fc.string({ maxLength: 8 })) },
);
const globs = fc.oneof(patterns, fc.array(patterns, { maxLength: 3 }));
const command = usually(fc.constantFrom('true', 'echo {{tool_input.command}}', './hook.sh --flag'), fc.constantFrom('', ' ', 'a\nb'));
const argv = usually(fc.array(fc.constantFrom('true', 'echo', '{{tool_name}}', '/bin/sh'), { minLength: 1, maxLength: 3 }), fc.array(fc.constantFrom('', 'a\nb'), { maxLength: 2 }));
const milliseconds = usually(fc.integer({ min: 1, max: 600_000 }), fc.oneof(fc.integer(), fc.constantFrom(0, 86_400_000, 86_400_001), fc.double({ noNaN: true, noDefaultInfinity: true })));
const seconds = usually(fc.integer({ min: 1, max: 600 }), fc.oneof(fc.integer(), fc.constantFrom(0.0001, 86_400, 86_401), fc.double({ noNaN: true, noDefaultInfinity: true })));
const words = fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 });
const text = fc.string({ maxLength: 6 });

// Mostly exactly one of `command` and `args`, as a valid hook has; sometimes both or neither.
const program = fc.oneof(
  { weight: 4, arbitrary: fc.record({ command: mostly(command) }) },
  { weight: 4, arbitrary: fc.record({ args: mostly(argv) }) },
  { weight: 1, arbitrary: fc.record({ command: mostly(command), args: mostly(argv) }, { requiredKeys: [] }) },
);

/** One entry of the native format: an event and a program, any subset of the other keys, sometimes an unknown key. */
export const nativeHookEntry = fc.record(
  {
    id: mostly(usually(fc.constantFrom('a', 'b', 'lint'), fc.constantFrom('', 'a\nb'))),
    event: mostly(eventName),
    program,
    matcher: mostly(patterns),
    filter: mostly(fc.record({ tool: mostly(globs), path: mostly(globs), sessionId: mostly(globs) }, { requiredKeys: [] })),
    timeout: mostly(milliseconds),
    background: mostly(fc.boolean()),
    enabled: mostly(usually(fc.constant(true), fc.constant(false))),
    description: mostly(text),
    env: mostly(fc.record({
      inherit: mostly(usually(fc.constantFrom('safe', 'all', 'none'), fc.constant('some'))),
      pass: mostly(words),
      set: mostly(fc.dictionary(text, text, { maxKeys: 3 })),
    }, { requiredKeys: [] })),
    exitCodes: mostly(usually(fc.constantFrom('claude', 'any-nonzero-blocks'), fc.constant('opta'))),
    sequential: mostly(fc.boolean()),
    priority: mostly(usually(fc.integer({ min: -10, max: 10 }), fc.double())),
    killDescendants: mostly(fc.boolean()),
    maxOutputBytes: mostly(usually(fc.integer({ min: 1, max: 1 << 20 }), fc.integer())),
    cwd: mostly(text),
    template: mostly(fc.boolean()),
    source: mostly(fc.record({ file: text, jsonPath: text, format: usually(fc.constantFrom('native', 'claude', 'wundr'), fc.constant('x')) })),
    unknownKey: anyJson,
  },
  { requiredKeys: ['event', 'program'] },
).map(({ program: chosen, unknownKey, ...entry }) => ({ ...entry, ...chosen, ...(unknownKey === null ? { unknownKey } : {}) }));

// Otherwise valid hooks whose matcher and globs vary: these get past the schema into the planner.
const planned = fc.record(
  {
    event: fc.constantFrom(...validEventNames),
    command: fc.constant('true'),
    matcher: patterns,
    filter: fc.record({ tool: globs, path: globs, sessionId: globs }, { requiredKeys: [] }),
  },
  { requiredKeys: ['event', 'command'] },
);

/** A hooks list: mostly native entries, sometimes any JSON value in their place. */
export const hookEntries = fc.array(fc.oneof({ weight: 6, arbitrary: nativeHookEntry }, { weight: 3, arbitrary: planned }, { weight: 1, arbitrary: anyJson }), { maxLength: 3 });

// The other formats' shapes, so that loadHooksConfig reaches every reader.
const claudeHandler = fc.record({ type: mostly(usually(fc.constant('command'), fc.constant('prompt'))), command: mostly(command), timeout: mostly(seconds), async: mostly(fc.boolean()) }, { requiredKeys: ['type', 'command'] });
const claudeGroup = fc.record({ matcher: mostly(patterns), hooks: mostly(fc.array(mostly(claudeHandler), { minLength: 1, maxLength: 2 })) }, { requiredKeys: ['hooks'] });
const claudeHooks = fc.dictionary(eventName, mostly(fc.array(mostly(claudeGroup), { minLength: 1, maxLength: 2 })), { minKeys: 1, maxKeys: 3 });
const autohandHook = fc.record({ event: mostly(eventName), command: mostly(command), description: mostly(text), enabled: mostly(fc.boolean()), timeout: mostly(milliseconds), async: mostly(fc.boolean()), matcher: mostly(patterns), filter: mostly(fc.record({ tool: mostly(globs), path: mostly(globs) }, { requiredKeys: [] })) }, { requiredKeys: ['event', 'command'] });
const wundrMatcher = fc.record({ toolName: mostly(patterns), sessionId: mostly(patterns), subagentId: text }, { requiredKeys: [] });
const wundrHook = fc.record({ id: mostly(usually(fc.constantFrom('w1', 'w2'), fc.constant(''))), name: mostly(text), type: mostly(usually(fc.constant('command'), fc.constantFrom('prompt', 'agent'))), event: mostly(eventName), priority: mostly(fc.integer({ min: -5, max: 5 })), enabled: mostly(fc.boolean()), matcher: mostly(wundrMatcher), timeoutMs: mostly(milliseconds), command: mostly(command), cwd: mostly(text), env: mostly(fc.dictionary(text, text, { maxKeys: 2 })) }, { requiredKeys: ['id', 'event', 'command'] });
const optaHook = fc.record({ event: mostly(optaEventName), command: mostly(command), matcher: mostly(patterns), timeout: mostly(milliseconds), background: mostly(fc.boolean()) }, { requiredKeys: ['event', 'command'] });

// Valid seed-format hooks whose globs vary, to get past the readers into the planner.
const plannedAutohand = fc.record({ event: fc.constantFrom(...validEventNames), command: fc.constant('true'), matcher: patterns, filter: fc.record({ tool: globs, path: globs }, { requiredKeys: [] }) }, { requiredKeys: ['event', 'command'] });
const plannedWundr = fc.record({ id: fc.constantFrom('w1', 'w2'), event: fc.constantFrom(...validEventNames), command: fc.constant('true'), matcher: fc.record({ toolName: patterns, sessionId: patterns }, { requiredKeys: [] }) });

/** A settings document of any supported format, or any JSON value. */
export const settingsDocument = fc.oneof(
  anyJson,
  fc.record({ $schema: fc.constant('./schema.json'), hooks: fc.array(planned, { minLength: 1, maxLength: 2 }) }),
  fc.record({ hooks: fc.record({ hooks: fc.array(plannedAutohand, { minLength: 1, maxLength: 2 }) }) }),
  fc.record({ hooks: fc.array(plannedWundr, { minLength: 1, maxLength: 2 }) }),
  fc.record({ $schema: fc.constant('./schema.json'), enabled: mostly(fc.boolean()), hooks: mostly(hookEntries) }, { requiredKeys: ['$schema', 'hooks'] }),
  fc.record({ hooks: claudeHooks, disableAllHooks: mostly(usually(fc.constant(false), fc.constant(true))) }, { requiredKeys: ['hooks'] }),
  fc.record({ hooks: fc.record({ claude: claudeHooks }) }),
  fc.record({ hooks: fc.record({ enabled: mostly(fc.boolean()), hooks: mostly(fc.array(mostly(autohandHook), { maxLength: 3 })) }, { requiredKeys: ['hooks'] }) }),
  fc.record({ enabled: mostly(fc.boolean()), defaultTimeoutMs: mostly(milliseconds), hooks: mostly(fc.array(mostly(wundrHook), { maxLength: 3 })) }, { requiredKeys: ['hooks'] }),
  fc.record({ hooks: fc.array(mostly(optaHook), { maxLength: 3 }) }),
);
