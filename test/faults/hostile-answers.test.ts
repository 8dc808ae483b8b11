// issue 21: whatever the agent's own callbacks answer or throw (a function hook, an MCP caller,
// an evaluator), it becomes an outcome: the agent never throws, and a guard that gets no usable
// answer refuses. A real agent process, on both hosts: an escaped rejection would kill it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOSTS } from '../helpers/hosts.js';

const AGENT = fileURLToPath(new URL('../fixtures/agents/hostile-answers.mjs', import.meta.url));

describe.each(HOSTS)('answers JSON cannot hold, on the %s host', (host) => {
  it('a function, a symbol, a BigInt, a revoked proxy, a throwing toJSON, and throws of non-Errors each settle as a crash that refuses the guard; the agent survives', () => {
    const run = spawnSync(process.execPath, [AGENT, host], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.pop()).toBe('survived');
    const fires = lines.map((line) => JSON.parse(line) as { id: string; status: string; error: string; blocked: boolean });
    expect(fires).toHaveLength(21);
    for (const fire of fires) expect(fire, fire.id).toMatchObject({ status: 'crashed', blocked: true });
    const byId = Object.fromEntries(fires.map((fire) => [fire.id, fire.error]));
    expect(byId['function: a function']).toBe('answered something that is not JSON: a function');
    expect(byId['function: a symbol']).toBe('answered something that is not JSON: a symbol');
    expect(byId['mcp_tool: a function']).toBe('the MCP tool s/a function answered something that is not a tool result (a function)');
    expect(byId['prompt: a BigInt']).toMatch(/^the evaluator's reply is not \{"ok": true\|false, "reason": "\.\.\."\}/);
  });
});
