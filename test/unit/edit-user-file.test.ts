// editUserFile never writes over a change it did not see: another program (the agent itself, an
// editor) that changes the file between hookpool's read and its rename gets its change kept, and
// hookpool's edit is made again on top of it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editUserFile } from '../../src/io/user-files/edit-user-file.js';
import { tempDir } from '../helpers/temp-dirs.js';

describe('editUserFile', () => {
  it('redoes its edit on a file another program changed after it was read, keeping that change', async () => {
    const path = join(tempDir('edit-user-file'), 'settings.json');
    writeFileSync(path, '{"a":1}\n');
    const seen: (string | null)[] = [];
    const result = await editUserFile(path, 'settings.json', (text) => {
      seen.push(text);
      // The first time, another program writes its own change meanwhile (it takes no lock).
      if (seen.length === 1) writeFileSync(path, '{"a":1,"theirs":true}\n');
      return `${(text ?? '').trimEnd().slice(0, -1)},"ours":true}\n`;
    });

    expect(seen).toEqual(['{"a":1}\n', '{"a":1,"theirs":true}\n']);
    expect(readFileSync(path, 'utf8')).toBe('{"a":1,"theirs":true,"ours":true}\n');
    expect(result).toMatchObject({ written: true, before: '{"a":1,"theirs":true}\n' });
  });

  it('gives up with one line, leaving the other program\'s text, when the file keeps changing', async () => {
    const path = join(tempDir('edit-user-file'), 'settings.json');
    writeFileSync(path, 'v0');
    let n = 0;
    const edit = editUserFile(path, '.claude/settings.json', () => {
      writeFileSync(path, `v${++n}`);
      return 'ours';
    });

    await expect(edit).rejects.toThrow(/^\.claude\/settings\.json: it kept changing while hookpool edited it; try again$/);
    expect(readFileSync(path, 'utf8')).toBe(`v${n}`);
  });
});
