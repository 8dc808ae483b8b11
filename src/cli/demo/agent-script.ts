// The tool calls of the demo's simulated agent: a fixed, seeded mix of what coding agents do
// (read, run, edit, search, fetch docs), with a destructive `rm -rf` now and then.

export interface ToolCall {
  readonly tool_name: string;
  readonly tool_input: Record<string, unknown>;
  readonly tool_use_id: string;
}

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const SOURCE_FILES = ['src/app.ts', 'src/util.ts', 'src/routes/signup.ts', 'test/app.test.ts', 'scripts/release.sh', 'README.md'];
const COMMANDS = ['npm test', 'git status', 'git diff --stat', 'ls src', 'npm run build', 'grep -rn TODO src'];
const URLS = [
  'https://nodejs.org/api/fs.html',
  'http://docs.python.org/3/library/json.html',
  'https://developer.mozilla.org/en-US/docs/Web/API/fetch',
  'https://pastebin.example/raw/a1b2c3',
];

// [weight, tool input] per tool; the weights are rough shares of a coding session.
const TOOL_MIX: readonly [number, string, (random: Random) => Record<string, unknown>][] = [
  [25, 'Read', (random) => ({ file_path: pick(random, SOURCE_FILES) })],
  [30, 'Bash', (random) => ({ command: pick(random, COMMANDS) })],
  [15, 'Edit', (random) => ({ file_path: pick(random, SOURCE_FILES), old_string: 'let ', new_string: 'const ' })],
  [10, 'Grep', (random) => ({ pattern: pick(random, ['TODO', 'signup', 'export function']), path: 'src' })],
  [5, 'Glob', () => ({ pattern: 'src/**/*.ts' })],
  [5, 'Write', (random) => ({ file_path: pick(random, SOURCE_FILES), content: 'export {};\n' })],
  [6, 'WebFetch', (random) => ({ url: pick(random, URLS), prompt: 'Summarise the API' })],
  [4, 'TodoWrite', () => ({ todos: [{ content: 'validate signup input', status: 'in_progress' }] })],
];
const TOTAL_WEIGHT = TOOL_MIX.reduce((sum, [weight]) => sum + weight, 0);

/** Every 97th call (from the 14th) is an `rm -rf`, so even a short demo shows a block. */
export const isDestructiveCall = (index: number) => index % 97 === 13;

/** mulberry32: a tiny seeded generator, so every demo run makes the same calls. */
function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function simulatedToolCalls(count: number, seed = 20_26): ToolCall[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const tool_use_id = `toolu_demo_${index + 1}`;
    if (isDestructiveCall(index)) return { tool_name: 'Bash', tool_input: { command: 'rm -rf ./build ./node_modules/.cache' }, tool_use_id };
    let roll = random() * TOTAL_WEIGHT;
    const [, tool_name, makeInput] = TOOL_MIX.find(([weight]) => (roll -= weight) < 0) ?? TOOL_MIX[0]!;
    return { tool_name, tool_input: makeInput(random), tool_use_id };
  });
}
