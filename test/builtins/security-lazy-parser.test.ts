// The shell parser is imported only when a guard inspects a Bash command: file tools, other
// tools and calls without a command never load it (hookpool run is latency-sensitive).
import { describe, expect, it, vi } from 'vitest';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/builtins/shell-parser.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/builtins/shell-parser.js')>();
  return {
    ...original,
    loadShellParser: () => {
      loads.count++;
      return original.loadShellParser();
    },
  };
});

const { compileSecurityRules } = await import('../../src/builtins/match-security-rules.js');

describe('the shell parser is loaded lazily', () => {
  it('is not asked for by file tools, other tools or a call without a command; a Bash command asks for it', async () => {
    const check = compileSecurityRules({ projectDir: '/work/project', home: '/home/me' });
    await check('Read', { file_path: '.env' }, '/work/project');
    await check('Grep', { pattern: 'x', glob: '*.pem' }, '/work/project');
    await check('Glob', { pattern: '**/*' }, '/work/project');
    await check('WebFetch', { url: 'https://example.com' }, '/work/project');
    await check('Bash', {}, '/work/project');
    await check('Bash', { command: '   ' }, '/work/project');
    expect(loads.count).toBe(0);
    expect((await check('Bash', { command: 'rm -rf /' }, '/work/project'))?.rule.id).toBe('rm-recursive-root');
    expect(loads.count).toBe(1);
  });
});
