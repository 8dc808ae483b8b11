// The optional bubblewrap sandbox. CI installs bubblewrap (.ci/run), so there these tests always run.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine } from '../../src/index.js';
import { findExecutable } from '../../src/run/bubblewrap.js';
import { HOSTS } from '../helpers/hosts.js';
import { expectNoneAlive, uniqueSleep } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp-dirs.js';

// Starts a sleeper in a new session with an empty environment (no run id to find it by), and
// returns only once it has left the hook's process group.
const escapeGroup = (sleep: string) =>
  `setsid env -i sh -c 'echo $$ > escaped; exec sleep ${sleep}' < /dev/null > /dev/null 2>&1 & while [ ! -s escaped ]; do sleep 0.01; done`;

const hasBwrap = findExecutable('bwrap', process.env.PATH) !== undefined;
// The real-home check writes a folder into the user's own home (removed after).
const realHomeWritable = (() => {
  try {
    rmSync(mkdtempSync(join(userInfo().homedir, '.hookpool-sandbox-test-')), { recursive: true });
    return true;
  } catch {
    return false;
  }
})();
if (!hasBwrap && process.env.CI) throw new Error('CI must install bubblewrap (see .ci/run)');

describe.skipIf(!hasBwrap).each(HOSTS)('sandboxed hooks on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('may write only where allowed, and has no network', async () => {
    const project = tempDir('sandbox');
    const outside = tempDir('outside');
    engine = createHookEngine({ host, cwd: project, hooks: [{ event: 'PostToolUse', sandbox: {},
      command: `echo in > inside.txt; echo out > ${outside}/outside.txt || echo denied; grep -c : /proc/net/dev` }] });
    const [outcome] = (await engine.fire('PostToolUse', { tool_name: 'Edit' })).hooks;
    expect(outcome!.status).toBe('ok');
    expect(readFileSync(join(project, 'inside.txt'), 'utf8')).toBe('in\n');
    expect(existsSync(join(outside, 'outside.txt'))).toBe(false);
    expect(outcome!.stdout).toBe('denied\n1\n'); // one interface: loopback only
  });

  it('hides host sockets and the home folder, and opens only what readable lists (issue 9)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hookpool-sandbox-home-'));
    const home = join(root, 'home');
    const project = join(root, 'project');
    mkdirSync(join(home, '.ssh'), { recursive: true });
    mkdirSync(join(home, 'tools'), { recursive: true });
    mkdirSync(project);
    writeFileSync(join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY\n');
    writeFileSync(join(home, 'tools', 'lint.sh'), 'echo linted');
    const sockets = [join(home, 'agent.sock'), `/run/hookpool-test-${process.pid}-${host}.sock`];
    const servers = await Promise.all(sockets.map((path) => new Promise<Server>((resolve) => { const server = createServer((socket) => socket.end()).listen(path, () => resolve(server)); })));
    try {
      const connect = sockets.map((path) => `node -e "require('net').connect('${path}').on('connect',()=>{console.log('connected');process.exit(0)}).on('error',(e)=>{console.log(e.code);process.exit(0)})"`).join('; ');
      const command = `${connect}; cat ${home}/.ssh/id_ed25519 2>/dev/null || echo no-key; sh ${home}/tools/lint.sh 2>/dev/null || echo no-tools`;
      engine = createHookEngine({ host, cwd: project, env: { ...process.env, HOME: home }, hooks: [
        { id: 'confined', event: 'Stop', sandbox: {}, command },
        { id: 'with-tools', event: 'Stop', sandbox: { readable: [join(home, 'tools')] }, command: `sh ${home}/tools/lint.sh` },
        { id: 'unconfined', event: 'Stop', command },
      ] });
      const byId = Object.fromEntries((await engine.fire('Stop', {})).hooks.map((hook) => [hook.id, hook.stdout]));
      expect(byId.confined).toBe('ENOENT\nENOENT\nno-key\nno-tools\n');
      expect(byId['with-tools']).toBe('linted\n');
      expect(byId.unconfined).toBe('connected\nconnected\nPRIVATE KEY\nlinted\n'); // what the sandbox takes away
    } finally {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      rmSync(root, { recursive: true, force: true });
    }
  });

  // issue 21: what the folders above do not cover. Sockets anywhere the hook could still see (the
  // project, a `readable` folder, /var/tmp), abstract ones, and the home folder the password
  // database names, which stays the user's even when the agent runs with another HOME.
  it.skipIf(!realHomeWritable)('hides every host socket it could reach and the real home, whatever HOME says; a socket named in readable stays', async () => {
    const inRealHome = mkdtempSync(join(userInfo().homedir, '.hookpool-sandbox-test-'));
    const project = tempDir('sandbox-sockets');
    const tools = tempDir('sandbox-tools');
    writeFileSync(join(inRealHome, 'secret'), 'REAL HOME SECRET\n');
    writeFileSync(join(tools, 'lint.sh'), 'echo linted');
    const sockets: Record<string, string> = {
      varTmp: `/var/tmp/hookpool-test-${process.pid}-${host}.sock`,
      project: join(project, 'dev.sock'),
      readable: join(tools, 'tool.sock'),
      realHome: join(inRealHome, 'agent.sock'),
      abstract: `\0hookpool-test-${process.pid}-${host}`,
      kept: join(tools, 'kept.sock'),
    };
    const answered: Record<string, number> = {};
    const servers = await Promise.all(Object.entries(sockets).map(([name, path]) => new Promise<Server>((resolve) => {
      const server = createServer((socket) => {
        answered[name] = (answered[name] ?? 0) + 1;
        socket.on('error', () => {}).end();
      }).listen(path, () => resolve(server));
    })));
    try {
      const connect = Object.entries(sockets).map(([name, path]) =>
        `node -e "require('net').connect(${JSON.stringify(path).replaceAll('"', "'")}).on('connect',()=>{console.log('${name}=connected');process.exit(0)}).on('error',(e)=>{console.log('${name}='+e.code);process.exit(0)})"`).join('; ');
      const command = `${connect}; cat ${inRealHome}/secret 2>/dev/null || echo no-secret; sh ${tools}/lint.sh`;
      engine = createHookEngine({ host, cwd: project, env: { ...process.env, HOME: tempDir('other-home') }, hooks: [
        { id: 'confined', event: 'Stop', sandbox: { readable: [tools, sockets.kept!] }, command },
        { id: 'unconfined', event: 'Stop', command },
      ] });
      const byId = Object.fromEntries((await engine.fire('Stop', {})).hooks.map((hook) => [hook.id, hook.stdout.trim().split('\n')]));
      expect(byId.confined).toEqual(['varTmp=ENOENT', 'project=ECONNREFUSED', 'readable=ECONNREFUSED', 'realHome=ENOENT', 'abstract=ECONNREFUSED', 'kept=connected', 'no-secret', 'linted']);
      expect(byId.unconfined).toEqual([...Object.keys(sockets).map((name) => `${name}=connected`), 'REAL HOME SECRET', 'linted']);
      // Only the unconfined hook reached the listeners outside, and the one socket readable names.
      expect(answered).toEqual({ varTmp: 1, project: 1, readable: 1, realHome: 1, abstract: 1, kept: 2 });
    } finally {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      rmSync(inRealHome, { recursive: true, force: true });
    }
  });

  it('keeps the network when asked', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'Stop', sandbox: { network: true }, command: 'grep -c : /proc/net/dev' }] });
    const [outcome] = (await engine.fire('Stop', {})).hooks;
    expect(Number(outcome!.stdout)).toBeGreaterThan(1);
  });

  it('kills processes that left the session and cleared their environment, which an unsandboxed hook would leave behind', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, cwd: tempDir('setsid'), hooks: [{ event: 'Stop', sandbox: {}, command: `${escapeGroup(sleep)}; echo started` }] });
    const [outcome] = (await engine.fire('Stop', {})).hooks;
    expect(outcome).toMatchObject({ status: 'ok', stdout: 'started\n' });
    await expectNoneAlive(`sleep ${sleep}`);
  });
});

describe('a sandboxed hook without bubblewrap', () => {
  it('fails with an outcome that says what to install', async () => {
    const engine = createHookEngine({ env: { PATH: '/nonexistent' }, hooks: [{ event: 'Stop', sandbox: {}, command: 'true' }] });
    const [outcome] = (await engine.fire('Stop', {})).hooks;
    expect(outcome).toMatchObject({ status: 'spawn_failed', error: expect.stringContaining('install the Debian/Ubuntu package "bubblewrap"') });
    await engine.close();
  });
});
