// An OpenClaw settings file in a fresh workspace, loaded with OpenClaw's switch on.
import { engineFor, HOOKS_DIR, workspace, type Host } from '../kit.js';
import type { HookEngineOptions } from '../../../src/index.js';

export const ON = { OPENCLAW_CLAUDE_HOOKS: '1' };
export const RESPOND = `${HOOKS_DIR}respond.sh`;

/** One OpenClaw command handler (timeout in seconds, as OpenClaw reads it). */
export const command = (value: string | string[], timeout = 10) => ({ type: 'command', command: value, timeout });

/** `hooks.claude` in OpenClaw's settings, in a fresh workspace; `claude` may use the workspace's root. */
export async function openclawProject(host: Host, claude: (root: string) => Record<string, unknown>, options: HookEngineOptions = {}) {
  const ws = await workspace();
  const file = await ws.write('openclaw.json', { agents: { defaults: { model: 'x' } }, hooks: { enabled: true, claude: claude(ws.root) } });
  const config = await ws.load({ files: [file], env: ON });
  return { ws, file, config, engine: engineFor(host, ws, config, { sessionId: 'claw-session', ...options }) };
}
