import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compileCommandTemplate, expandArgs, templateVariables } from '../../src/compilers/template.js';

const hostile = "/tmp/it's \"here\"; rm -rf ~ $(touch /tmp/pwned) `id`";

/** Runs a template command the way a hook would: sh -c with the fire's variables. */
function runTemplate(command: string, input: Record<string, unknown>): string {
  const template = compileCommandTemplate(command);
  return execFileSync('/bin/sh', ['-c', template.command], { encoding: 'utf8', env: { PATH: process.env.PATH, ...templateVariables(template, input) } });
}

describe('template commands (issue 9: a payload can never inject shell syntax)', () => {
  const input = { tool_input: { file_path: hostile }, metadata: { n: 3 } };
  it('passes a value unquoted by the author as one word', () => {
    expect(runTemplate('printf "[%s]" {{tool_input.file_path}}', input)).toBe(`[${hostile}]`);
  });
  it('passes a value inside the author\'s double quotes without letting it close them', () => {
    expect(runTemplate('printf "[%s]" "file: {{tool_input.file_path}}"', input)).toBe(`[file: ${hostile}]`);
  });
  it('refuses a placeholder inside single quotes at load, where no value can be passed safely', () => {
    expect(() => compileCommandTemplate("echo '{{tool_input.file_path}}'")).toThrow(/inside single quotes/);
  });
  it('follows the shell\'s quoting: escaped quotes and quotes of the other kind do not change the state', () => {
    expect(compileCommandTemplate(`echo "it's" {{a}} \\' {{b}}`).command).toBe(`echo "it's" "\${HOOKPOOL_TEMPLATE_1}" \\' "\${HOOKPOOL_TEMPLATE_2}"`);
    expect(compileCommandTemplate('echo "{{a}} \\" {{a}}"')).toEqual({ command: 'echo "${HOOKPOOL_TEMPLATE_1} \\" ${HOOKPOOL_TEMPLATE_1}"', paths: ['a'] });
  });
  it('reads Wundr metadata names from the snake_case input', () => {
    expect(expandArgs(['{{metadata.toolName}}', '{{metadata.toolInput.file_path}}'], { tool_name: 'Edit', tool_input: { file_path: '/a' } })).toEqual(['Edit', '/a']);
  });
  it('passes values as they are to argv hooks, missing fields as empty strings, NUL bytes escaped', () => {
    expect(expandArgs(['lint', '{{tool_input.file_path}}', '{{metadata.n}}', '{{nope.x}}', '{{bad}}'], { ...input, bad: 'a\0b' })).toEqual(['lint', hostile, '3', '', 'a\\u0000b']);
  });
});
