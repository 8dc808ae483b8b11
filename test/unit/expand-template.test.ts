import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { expandArgs, expandCommand } from '../../src/run/expand-template.js';

describe('template expansion', () => {
  const input = { tool_input: { file_path: "/tmp/it's here; rm -rf ~" }, metadata: { n: 3 } };
  it('shell-quotes values in commands so a payload cannot inject syntax', () => {
    const command = expandCommand('printf %s {{tool_input.file_path}}', input);
    expect(execFileSync('/bin/sh', ['-c', command], { encoding: 'utf8' })).toBe("/tmp/it's here; rm -rf ~");
  });
  it('reads Wundr metadata names from the snake_case input', () => {
    expect(expandArgs(['{{metadata.toolName}}', '{{metadata.toolInput.file_path}}'], { tool_name: 'Edit', tool_input: { file_path: '/a' } })).toEqual(['Edit', '/a']);
  });
  it('passes values as they are to argv hooks, and missing fields as empty strings', () => {
    expect(expandArgs(['lint', '{{tool_input.file_path}}', '{{metadata.n}}', '{{nope.x}}'], input)).toEqual(['lint', "/tmp/it's here; rm -rf ~", '3', '']);
  });
});
