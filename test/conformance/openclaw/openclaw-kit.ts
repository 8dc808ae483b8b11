// An OpenClaw settings file in a fresh workspace, loaded with OpenClaw's switch on.
import { engineFor, HOOKS_DIR, workspace, type Host } from '../kit.js';
import type { HookEngineOptions } from '../../../src/index.js';

export const ON = { OPENCLAW_CLAUDE_HOOKS: '1' };
export const RESPOND = `${HOOKS_DIR}respond.sh`;
/** An OpenClaw Stop hook that blocks until `<root>/done` exists, recording each input. */
export const STOP = `${HOOKS_DIR}seeds/openclaw-stop.sh`;

/** One OpenClaw command handler (timeout in seconds, as OpenClaw reads it). */
export const command = (value: string | string[], timeout = 10) => ({ type: 'command', command: value, timeout });

/**
 * `hooks.claude` in OpenClaw's settings, in a fresh workspace; `claude` may use the workspace's
 * root; `agentEnv` is the agent's environment the loader reads OPENCLAW_CLAUDE_HOOKS from.
 */
export async function openclawProject(host: Host, claude: (root: string) => Record<string, unknown>, options: HookEngineOptions = {}, agentEnv: NodeJS.ProcessEnv = ON) {
  const ws = await workspace();
  const file = await ws.write('openclaw.json', { agents: { defaults: { model: 'x' } }, hooks: { enabled: true, claude: claude(ws.root) } });
  const config = await ws.load({ files: [file], env: agentEnv });
  return { ws, file, config, engine: engineFor(host, ws, config, { sessionId: 'claw-session', ...options }) };
}
