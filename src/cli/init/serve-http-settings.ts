// Where Claude Code's `type: "http"` hooks reach `hookpool serve`. Until the serve branch's
// src/serve/http-hook-settings.ts is merged these details live here, as constants behind one
// function, so that switching to the server's own export changes this file only.

/** Loopback port `hookpool serve` listens on by default (provisional until serve is merged). */
const SERVE_PORT = 4817;
/** Path of the endpoint that takes Claude Code's hook input (provisional). */
const CLAUDE_HOOK_PATH = '/hooks/claude';
/** Variable Claude Code interpolates into the header; hookpool serve reads the same token from its 0600 file. */
const TOKEN_VARIABLE = 'HOOKPOOL_TOKEN';

/** One `type: "http"` hook entry for Claude Code settings, pointing at `hookpool serve` on loopback. */
export function claudeHttpHookEntry(timeoutSeconds: number): Record<string, unknown> {
  return {
    type: 'http',
    url: `http://127.0.0.1:${SERVE_PORT}${CLAUDE_HOOK_PATH}`,
    headers: { Authorization: `Bearer $${TOKEN_VARIABLE}` },
    allowedEnvVars: [TOKEN_VARIABLE],
    timeout: timeoutSeconds,
  };
}
