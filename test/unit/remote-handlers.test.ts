// The pure parts of http, prompt, agent and mcp_tool hooks: header variables limited to
// allowedEnvVars, the prompt's $ARGUMENTS and {{metadata.x}}, reading an evaluator's reply, the
// MCP tool's ${path} arguments, and the native schema's one-handler rule.
import { describe, expect, it } from 'vitest';
import { parseNativeHooks } from '../../src/config/parse-native.js';
import { interpolateHeaders } from '../../src/run/remote/header-variables.js';
import { readEvaluatorReply } from '../../src/run/remote/evaluator.js';
import { fillToolInput } from '../../src/run/remote/mcp-tool.js';
import { fillPrompt } from '../../src/run/remote/prompt-text.js';

describe('interpolateHeaders', () => {
  it('fills $VAR and ${VAR} for allowed names only; other names become empty', () => {
    const env = { TOKEN: 't0k', SECRET: 's3cret', EMPTYISH: '' };
    expect(interpolateHeaders({ a: 'Bearer $TOKEN', b: '${TOKEN}-x', c: '$SECRET|${SECRET}', d: '$MISSING', e: 'cost $5 ${NOPE' }, ['TOKEN', 'MISSING'], env)).toEqual({
      a: 'Bearer t0k',
      b: 't0k-x',
      c: '|',
      d: '',
      e: 'cost $5 ${NOPE',
    });
  });
});

describe('fillPrompt', () => {
  const input = { tool_name: 'Bash', tool_input: { command: 'ls' } };
  const json = JSON.stringify(input);

  it('puts the input JSON at each $ARGUMENTS and reads \\$ as a literal dollar', () => {
    expect(fillPrompt('check $ARGUMENTS, costs \\$ARGUMENTS or \\$5', input, json)).toBe(`check ${json}, costs $ARGUMENTS or $5`);
  });

  it('appends the JSON when there is no $ARGUMENTS', () => {
    expect(fillPrompt('Is it safe?', input, json)).toBe(`Is it safe?\n\n${json}`);
  });

  it("fills {{metadata.x}} from the input (Wundr's camelCase names), objects as JSON, missing as empty, never re-reading a value", () => {
    const tricky = { tool_name: '$ARGUMENTS {{metadata.toolName}}', tool_input: { command: 'ls' } };
    expect(fillPrompt('{{metadata.toolName}} / {{metadata.toolInput}} / [{{metadata.nothing}}] $ARGUMENTS', tricky, '{}')).toBe(
      '$ARGUMENTS {{metadata.toolName}} / {"command":"ls"} / [] {}',
    );
  });
});

describe('readEvaluatorReply', () => {
  it('reads {ok: true} as success and {ok: false} as exit 2 with the reason', () => {
    expect(readEvaluatorReply({ ok: true }, 'okReason')).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(readEvaluatorReply('Sure.\n```json\n{"ok": false, "reason": "too risky"}\n```', 'okReason')).toMatchObject({ status: 'exit_nonzero', exitCode: 2, stderr: 'too risky' });
    expect(readEvaluatorReply({ ok: false }, 'okReason').stderr).toContain('gave no reason');
  });

  it('anything else is no answer', () => {
    for (const reply of ['yes', '{"ok": "yes"}', null, 42, '{broken']) {
      expect(readEvaluatorReply(reply, 'okReason')).toMatchObject({ status: 'crashed' });
    }
  });

  it('a Wundr result goes on as stdout JSON', () => {
    expect(readEvaluatorReply({ block: true }, 'hookResult', 'PreToolUse')).toMatchObject({ status: 'ok', stdout: '{"block":true}' });
    expect(readEvaluatorReply('ok: {"prompt": "x"}', 'hookResult', 'UserPromptSubmit')).toMatchObject({ stdout: '{"prompt": "x"}' });
    expect(readEvaluatorReply({ note: 'seen' }, 'hookResult', 'Stop')).toMatchObject({ status: 'ok', stdout: '{"note":"seen"}' });
  });

  it('a reply that is no Wundr result is no answer: nothing, not an object, empty, or none of the event\'s result fields', () => {
    for (const reply of [undefined, null, 42, 'fine', [], {}, '{}']) expect(readEvaluatorReply(reply, 'hookResult', 'Stop'), String(reply)).toMatchObject({ status: 'crashed' });
    expect(readEvaluatorReply({ ok: true }, 'hookResult', 'PreToolUse')).toMatchObject({ status: 'crashed', error: expect.stringContaining('names none of toolInput, block, blockReason') });
  });
});

describe('fillToolInput', () => {
  it('fills ${path} in strings, keeps a whole-string reference as its value, recurses into objects and arrays', () => {
    const input = { tool_input: { file_path: '/a.ts', lines: [1, 2] }, session_id: 's1' };
    expect(fillToolInput({ path: '${tool_input.file_path}', note: 'in ${session_id}: ${tool_input.file_path}', lines: '${tool_input.lines}', list: ['${session_id}', 3], missing: '${nope.x}' }, input)).toEqual({
      path: '/a.ts',
      note: 'in s1: /a.ts',
      lines: [1, 2],
      list: ['s1', 3],
      missing: '',
    });
  });
});

describe('native schema', () => {
  it('takes the fields of its type only, and an http(s) URL', () => {
    expect(() => parseNativeHooks([{ event: 'Stop', command: 'x', type: 'http', url: 'http://127.0.0.1/' }])).toThrow(/command: has no effect on a "http" hook/);
    expect(() => parseNativeHooks([{ event: 'Stop', command: 'x', url: 'http://127.0.0.1/' }])).toThrow(/url: only used with "type": "http"/);
    expect(() => parseNativeHooks([{ event: 'Stop', type: 'mcp_tool', server: 's' }])).toThrow(/tool: a "mcp_tool" hook needs "tool"/);
    expect(() => parseNativeHooks([{ event: 'Stop', type: 'http', url: 'ftp://example.com/' }])).toThrow(/expected an http:\/\/ or https:\/\/ URL/);
    const [prompt, http] = parseNativeHooks([{ event: 'UserPromptSubmit', type: 'prompt', prompt: 'x' }, { event: 'Stop', type: 'http', url: 'https://example.com/h' }]);
    expect(prompt).toMatchObject({ id: 'prompt@UserPromptSubmit', timeoutMs: 30_000, handler: { kind: 'prompt', prompt: 'x' } });
    expect(http).toMatchObject({ id: 'http@Stop', timeoutMs: 10_000, handler: { kind: 'http', headers: {}, allowedEnvVars: [] } });
  });
});
