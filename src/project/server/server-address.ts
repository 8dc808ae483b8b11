// Where Claude Code's `type: "http"` entries reach a project's resident server: a loopback port
// derived from the project (stable, so the settings can name it) and the hook path. No token
// travels in the settings or the agent's environment: the server answers only connections from
// the user's own processes (it checks the peer's owner), so there is nothing a process squatting
// the port could learn that lets it call hookpool.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

/**
 * The path Claude Code's http hooks POST to (the answer is the http hook JSON body). It names
 * hookpool: when the server cannot answer, Claude Code's message to the model shows the URL.
 */
export const CLAUDE_HTTP_HOOK_PATH = '/hookpool/claude-code';
/** The path entries written by hookpool 0.1's init posted to: still recognised as hookpool's own. */
export const LEGACY_CLAUDE_HTTP_HOOK_PATH = '/hooks/claude';
// Ports derived from the project stay clear of the ephemeral range (32768+) and the usual dev ports.
const DERIVED_PORT_BASE = 20_000;
const DERIVED_PORT_SPAN = 10_000;

/** The port `serve --http` listens on without --port: stable per project, so settings can name it. */
export function defaultServePort(projectDir: string): number {
  const hash = createHash('sha256').update(resolve(projectDir)).digest();
  return DERIVED_PORT_BASE + (hash.readUInt32BE(0) % DERIVED_PORT_SPAN);
}

/** The URL of a server's Claude Code http hook endpoint. */
export function claudeHttpHookUrl(port: number): string {
  return `http://127.0.0.1:${port}${CLAUDE_HTTP_HOOK_PATH}`;
}
