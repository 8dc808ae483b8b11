// Gemini CLI's hook system (@google/gemini-cli-core), driven outside the CLI with a small fake
// Config holding only what the BeforeTool path reads (see /work/shared/PEERS.md).
import { nowMs } from './clock.js';
import { GEMINI_INPUT, GEMINI_TOOL } from './payload.js';

/** Imports the package once; returns { HookSystem, importMs }. Silences core's per-fire debug lines. */
export async function loadGemini() {
  const t0 = nowMs();
  const core = await import('@google/gemini-cli-core');
  const importMs = nowMs() - t0;
  // The real CLI drops these unless in debug mode; printing them would bill the peer for I/O.
  console.debug = () => {};
  return { HookSystem: core.HookSystem, importMs };
}

/** The fake Config: hooks in Gemini's settings shape, everything else inert. */
export function fakeGeminiConfig(hooks, cwd) {
  const config = {
    getSessionId: () => 'bench',
    getWorkingDir: () => cwd,
    geminiClient: undefined,
    isTrustedFolder: () => true,
    getHooks: () => hooks,
    // Returning anything here makes core write a trust file under ~/.gemini.
    getProjectHooks: () => undefined,
    getProjectRoot: () => cwd,
    getExtensions: () => [],
    getDisabledHooks: () => [],
    storage: { getPlansDir: () => `${cwd}/.plans` },
    sanitizationConfig: {
      allowedEnvironmentVariables: [],
      blockedEnvironmentVariables: [],
      enableEnvironmentVariableRedaction: false,
    },
    getUsageStatisticsEnabled: () => false,
    getTelemetryLogPromptsEnabled: () => false,
  };
  config.config = config;
  return config;
}

/**
 * A ready HookSystem. `definitions`: [{ matcher, commands }], each a BeforeTool entry whose
 * hooks run `sh`-style commands (Gemini runs them with `bash -c`); `timeoutMs` in milliseconds.
 */
export async function createGeminiSystem(HookSystem, { definitions, timeoutMs, cwd }) {
  const hooks = {
    BeforeTool: definitions.map(({ matcher, commands }) => ({
      matcher,
      hooks: commands.map((command) => ({ type: 'command', command, timeout: timeoutMs })),
    })),
  };
  const system = new HookSystem(fakeGeminiConfig(hooks, cwd));
  await system.initialize();
  return system;
}

/** What the CLI calls before running a shell tool. */
export function fireGeminiShellTool(system, toolName = GEMINI_TOOL) {
  return system.fireBeforeToolEvent(toolName, GEMINI_INPUT);
}
