// Opta's plan (V3 hook system, "Task 3: Matcher patterns"): `matcher` is a regex against the tool
// name, compiled once (`new RegExp(matcher)`), so it is not anchored: `edit_file|write_file`
// matches either, `mcp__.*` matches MCP tools, and `run_` matches `run_command`.
import { describe, expect, it } from 'vitest';
import { HOSTS } from '../kit.js';
import { optaProject as project } from './opta-kit.js';

const optaProject = async (host: (typeof HOSTS)[number], hooks: object[]) => (await project(host, hooks)).engine;

describe.each(HOSTS)('Opta matchers, %s host', (host) => {
  it('the plan\'s tests: "edit_file|write_file" cancels edit_file, not read_file; "mcp__.*" cancels mcp__mem__save', async () => {
    const engine = await optaProject(host, [
      { event: 'tool.pre', matcher: 'edit_file|write_file', command: 'exit 1' },
      { event: 'tool.pre', matcher: 'mcp__.*', command: 'exit 1' },
    ]);

    expect((await engine.fire('tool.pre', { tool_name: 'edit_file', tool_input: {} })).blocked).toBe(true);
    expect((await engine.fire('tool.pre', { tool_name: 'read_file', tool_input: {} })).blocked).toBe(false);
    expect((await engine.fire('tool.pre', { tool_name: 'mcp__mem__save', tool_input: {} })).blocked).toBe(true);
  });

  it('a matcher is not anchored: "run_" cancels run_command, and "edit_file" cancels multi_edit_file', async () => {
    const engine = await optaProject(host, [
      { event: 'tool.pre', matcher: 'run_', command: 'exit 1' },
      { event: 'tool.pre', matcher: 'edit_file', command: 'exit 1' },
    ]);

    expect((await engine.fire('tool.pre', { tool_name: 'run_command', tool_input: {} })).blocked).toBe(true);
    expect((await engine.fire('tool.pre', { tool_name: 'multi_edit_file', tool_input: {} })).blocked).toBe(true);
    expect((await engine.fire('tool.pre', { tool_name: 'read_file', tool_input: {} })).blocked).toBe(false);
  });
});
