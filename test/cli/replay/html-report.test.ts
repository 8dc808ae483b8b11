// `replay --html`: a self-contained page, opened in a real headless browser (Debian's chromium):
// its screenshot must be a real image and its DOM must hold the rendered summary and the timeline.
// Without chromium the test skips, saying so, unless HOOKPOOL_REQUIRE_BROWSER=1 (CI), where it fails.
// HOOKPOOL_UPDATE_SCREENSHOT=1 also copies the screenshot to docs/replay-report.png.
import { execFileSync } from 'node:child_process';
import { copyFile, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from '../cli-harness.js';
import { BLOCK_RM_RF, PROMPT_CONTEXT, TRANSCRIPTS, writeScript } from './replay-harness.js';

// Each replay spawns real hook processes per event: slow on a loaded machine, never asserted.
vi.setConfig({ testTimeout: 120_000 });

const DOCS_SCREENSHOT = fileURLToPath(new URL('../../../docs/replay-report.png', import.meta.url));

function findChromium(): string | undefined {
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    } catch {
      // not this one
    }
  }
  return undefined;
}

const chromium = findChromium();
if (chromium === undefined && process.env.HOOKPOOL_REQUIRE_BROWSER === '1') throw new Error('HOOKPOOL_REQUIRE_BROWSER=1 but no chromium on PATH: apt-get install chromium');
if (chromium === undefined) console.warn('skipping the replay HTML browser test: no chromium on PATH (apt-get install chromium; CI sets HOOKPOOL_REQUIRE_BROWSER=1)');

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

// Headless chromium as root needs --no-sandbox; its own profile keeps it off the real home.
async function browse(args: readonly string[], page: string): Promise<string> {
  const profile = join(project.root, 'chromium-profile');
  const { stdout } = await execa(chromium!, ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', `--user-data-dir=${profile}`, ...args, pathToFileURL(page).href], { timeout: 120_000, env: { HOME: project.home } });
  return stdout;
}

describe('hookpool replay --html', () => {
  it('writes a self-contained page with the summary, the timeline and the hook durations', async () => {
    const config = await project.write('hooks.json', nativeConfig([
      { id: 'block-rm-rf', event: 'PreToolUse', matcher: 'Bash', command: await writeScript(project, 'block-rm-rf.sh', BLOCK_RM_RF) },
      { id: 'team-rule', event: 'UserPromptSubmit', command: await writeScript(project, 'team-rule.js', PROMPT_CONTEXT) },
    ]));
    const page = join(project.root, 'replay.html');
    const { exitCode } = await project.cli(['replay', TRANSCRIPTS.claude, '--config', config, '--html', page]);
    expect(exitCode).toBe(0);
    const html = await readFile(page, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<svg class="timeline"');
    expect(html).toContain('<svg class="durations"');
    // Self-contained: no script and nothing fetched.
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//);
    // One bar per event: 13 events, the blocked one drawn in the refused colour.
    expect(html.match(/<g><title>event from line/g)).toHaveLength(13);
    expect(html).toContain('<rect class="blocked"');
  });

  it.skipIf(chromium === undefined)('renders in headless chromium: a real screenshot and the summary in the DOM', async () => {
    const config = await project.write('hooks.json', nativeConfig([
      { id: 'block-rm-rf', event: 'PreToolUse', matcher: 'Bash', command: await writeScript(project, 'block-rm-rf.sh', BLOCK_RM_RF) },
      { id: 'team-rule', event: 'UserPromptSubmit', command: await writeScript(project, 'team-rule.js', PROMPT_CONTEXT) },
    ]));
    const page = join(project.root, 'replay.html');
    await project.cli(['replay', TRANSCRIPTS.claude, '--config', config, '--html', page]);

    const dom = await browse(['--dump-dom'], page);
    expect(dom).toMatch(/<section id="summary" class="cards"><div class="card"><b>4<\/b>tool calls<\/div><div class="card bad"><b>1<\/b>would be blocked<\/div>/);
    expect(dom).toContain('rm -rf is not allowed here: delete files one by one');
    expect(dom).toContain('<svg class="timeline"');

    const screenshot = join(project.root, 'replay.png');
    await browse([`--screenshot=${screenshot}`, '--window-size=1100,1500'], page);
    const png = await readFile(screenshot);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1100, 1500]);
    // A blank page compresses to a few kilobytes; this one has text, bars and tables.
    expect((await stat(screenshot)).size).toBeGreaterThan(40_000);
    if (process.env.HOOKPOOL_UPDATE_SCREENSHOT === '1') await copyFile(screenshot, DOCS_SCREENSHOT);
  }, 180_000);
});
