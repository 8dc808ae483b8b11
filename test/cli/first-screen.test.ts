// The README's first screen, as a new user follows it with the packed tarball: `npm install -g
// --prefix` into an empty HOME (npm warns of nothing: no install script, engines that name this
// Node), `hookpool init --example block-rm --agent claude`, `hookpool trust`, the agent's `rm -rf`
// refused, `hookpool history` showing it. The agent is a stand-in that calls the written wiring as
// Claude Code does (test/fixtures/agents/claude-stand-in.mjs), and also the real Claude Code
// against the mock model where test/e2e/agents-install has it. Then every verb of the installed
// CLI once: each loads and answers with only the runtime dependencies installed.
// npm reads no configuration of the machine's user (the HOME is empty) but their cache, with
// --prefer-offline: dependencies come from the registry only when the cache lacks them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { createClaudeDriver } from '../e2e/agents/claude.js';
import { agentMissing } from '../e2e/harness/find-agent.js';
import { BLOCK_RM_REASON, expectNothingLeft } from '../e2e/wiring/wiring-kit.js';
import { npmEnv, packTarball, REPO } from '../helpers/packed-install.js';
import { tempDir } from '../helpers/temp-dirs.js';

const STAND_IN = join(REPO, 'test', 'fixtures', 'agents', 'claude-stand-in.mjs');
const INSTALL_TIMEOUT_MS = 120_000;
const AGENT_TIMEOUT_MS = 60_000;
/** After its session's agent exits, the resident server stops within a few seconds; this only bounds a stuck one. */
const SERVER_GONE_MS = 15_000;
/** Fifteen short CLI calls, demo and serve among them: bounds a stuck one only. */
const VERBS_TIMEOUT_MS = 180_000;

const claude = createClaudeDriver();

const root = realpathSync(tempDir('first'));
const prefix = join(root, 'prefix');
const home = join(root, 'home');
const projectDir = join(root, 'project');
const victim = join(projectDir, 'victim');
for (const dir of [home, join(home, 'tmp'), join(home, 'run'), victim]) mkdirSync(dir, { recursive: true, mode: 0o700 });

/** The user's shell: the prefix's bin first on PATH, the empty HOME, where the Claude Code driver points the agent's folders. */
const userEnv = {
  HOME: home,
  PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
  TMPDIR: join(home, 'tmp'),
  XDG_RUNTIME_DIR: join(home, 'run'),
  XDG_CONFIG_HOME: join(home, '.config'),
};

function hookpool(args: readonly string[], input = '') {
  return execa('hookpool', args, { cwd: projectDir, env: userEnv, extendEnv: false, reject: false, input });
}

/** A one-line error is fine; a stack trace or a module that cannot be found is a broken install. */
function expectNoCrash(what: string, stderr: string): void {
  expect(stderr, what).not.toMatch(/^\s+at .+:\d+:\d+\)?$|Cannot find (module|package)|ERR_MODULE_NOT_FOUND/m);
}

/** The runs of block-rm that `hookpool history --json` reports. */
async function blockRmHistory(): Promise<{ runs: number; last: { exitCode: number } }> {
  const shown = await hookpool(['history', '--json']);
  expect(shown.exitCode, shown.stderr).toBe(0);
  const entries = JSON.parse(shown.stdout) as { id: string; event: string; runs: number; last: { exitCode: number } }[];
  const entry = entries.find((each) => each.id === 'block-rm' && each.event === 'PreToolUse');
  expect(entry, shown.stdout).toBeDefined();
  return entry!;
}

/**
 * Each verb `hookpool help` lists, called once in the first screen's project, in this order; the
 * exit codes it may give. A verb missing here fails the test: every verb must be tried installed.
 */
const VERB_CALLS: Record<string, { readonly args: readonly string[]; readonly exitCodes?: readonly number[]; readonly input?: string }> = {
  help: { args: ['help'] },
  run: { args: ['run', 'PreToolUse', '--input', '{"tool_name":"Read","tool_input":{"file_path":"README.md"}}'] },
  list: { args: ['list'] },
  validate: { args: ['validate'] },
  test: { args: ['test', 'block-rm'] },
  doctor: { args: ['doctor'], exitCodes: [0, 1] },
  history: { args: ['history'] },
  trust: { args: ['trust', '--list'] },
  init: { args: ['init', '--agent', 'claude'] },
  demo: { args: ['demo', '--tool-calls', '5'] },
  serve: { args: ['serve', '--stdio'], input: '' },
  disable: { args: ['disable', 'block-rm'] },
  enable: { args: ['enable', 'block-rm'] },
  add: { args: ['add', '--event', 'Stop', '--command', 'true', '--id', 'smoke-stop'] },
  remove: { args: ['remove', 'smoke-stop'] },
  // Gemini CLI's older session file: its streaming JSON parser comes with the installed package.
  replay: { args: ['replay', join(REPO, 'test/fixtures/transcripts/gemini-session-legacy.json')] },
  completion: { args: ['completion', 'bash'] },
};

describe('the first screen, from the packed tarball', () => {
  it('installs with npm install -g --prefix into an empty HOME, and npm warns of nothing', async () => {
    const { tarball } = await packTarball(root);
    const cache = (await execa('npm', ['config', 'get', 'cache'], { env: npmEnv(root), extendEnv: false })).stdout.trim();
    const installed = await execa('npm', ['install', '-g', '--prefix', prefix, tarball, '--prefer-offline', '--cache', cache, '--no-audit', '--no-fund', '--no-update-notifier'], {
      cwd: root,
      env: { ...npmEnv(root), HOME: home },
      extendEnv: false,
      all: true,
    });

    expect(installed.all).toMatch(/added \d+ packages?/);
    expect(installed.all).not.toMatch(/^npm (warn|error)/im);
    const shown = await hookpool(['--version']);
    expect(shown.stdout.trim()).toBe((JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version);
  }, INSTALL_TIMEOUT_MS);

  it('init --example block-rm --agent claude, then trust', async () => {
    const initialized = await hookpool(['init', '--example', 'block-rm', '--agent', 'claude']);
    const trusted = await hookpool(['trust']);

    expect(initialized.exitCode, initialized.stderr).toBe(0);
    expect(initialized.stdout).toContain('wired .claude/settings.json');
    expect(trusted.exitCode, trusted.stderr).toBe(0);
    expect(trusted.stdout).toContain('trusted .hookpool/hooks.json');
    expect(trusted.stdout).toContain('trusted .claude/settings.json');
  });

  it('the agent calls the written wiring: rm -rf is refused, and the server it started ends with the session', async () => {
    const session = spawnSync(process.execPath, [STAND_IN, `rm -rf ${victim}`], { cwd: projectDir, env: userEnv, encoding: 'utf8', timeout: AGENT_TIMEOUT_MS });

    expect(session.status, session.stderr).toBe(0);
    const { sessionStart, preToolUse } = JSON.parse(session.stdout) as Record<string, { blocked: boolean; reason: string; detail: string }[]>;
    expect(sessionStart!.map((answer) => answer.blocked)).not.toContain(true);
    expect(preToolUse!.length).toBeGreaterThan(0);
    // The guard's own reason: the server the session started answered (not onFailure's refusal).
    expect(preToolUse!.filter((answer) => answer.blocked).map((answer) => answer.reason).join('\n'), session.stdout).toContain(BLOCK_RM_REASON);
    await expectNothingLeft(projectDir, [], SERVER_GONE_MS);
    expect((await blockRmHistory()).runs).toBe(1);
  }, AGENT_TIMEOUT_MS + SERVER_GONE_MS);

  it.skipIf(agentMissing(claude))('the real Claude Code, restarted on the wired project, is refused too', async () => {
    const run = await claude.run({ projectDir, home, env: { PATH: userEnv.PATH }, prompt: 'Clean up the victim folder.', steps: [{ kind: 'shell', command: `rm -rf ${victim}` }], timeoutMs: AGENT_TIMEOUT_MS });

    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.toolResults.map((result) => result.text).join('\n')).toContain(BLOCK_RM_REASON);
    expect(existsSync(victim)).toBe(true);
    await expectNothingLeft(projectDir, [], SERVER_GONE_MS);
    expect((await blockRmHistory()).runs).toBe(2);
  }, AGENT_TIMEOUT_MS + SERVER_GONE_MS);

  it('history shows the refused runs', async () => {
    const shown = await hookpool(['history']);
    const last = await blockRmHistory();

    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/block-rm\s+PreToolUse/);
    expect(last.last.exitCode).toBe(2);
    expect(existsSync(victim)).toBe(true);
  });

  it('every verb of the installed CLI loads and answers', async () => {
    const listed = await hookpool(['help']);
    const verbs = [...listed.stdout.split('Commands:')[1]!.matchAll(/^ {2}(\w[\w-]*)/gm)].map((match) => match[1]!);
    expect(verbs.filter((verb) => !(verb in VERB_CALLS)), 'verbs without a call in VERB_CALLS').toEqual([]);

    for (const [verb, { args, exitCodes = [0], input }] of Object.entries(VERB_CALLS)) {
      const ran = await hookpool(args, input);
      expect(exitCodes, `hookpool ${args.join(' ')} exited ${ran.exitCode}: ${ran.stderr}`).toContain(ran.exitCode);
      expectNoCrash(verb, ran.stderr);
    }
    await expectNothingLeft(projectDir, [], SERVER_GONE_MS);
  }, VERBS_TIMEOUT_MS);
});
