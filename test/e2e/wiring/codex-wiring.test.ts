// Codex wired by `hookpool init --agent codex` (wiring-kit.ts says what the project's hooks and
// the model's steps are): one command entry per Codex event in .codex/hooks.json, each running
// `hookpool run --format codex <event>`, the guards wrapped so that a hookpool that cannot run
// exits 2 with the reason (Codex has no fail-closed setting). The driver passes --trust (project
// trust) and --dangerously-bypass-hook-trust (the per-hook review a user does in /hooks).
// Codex refuses `rm -rf` itself too: the checks look for the hook's reason, not only the folder.
import { describe, expect, it } from 'vitest';
import { createCodexDriver } from '../agents/codex.js';
import { agentMissing } from '../harness/find-agent.js';
import { hookRecords, notInstalledRun, settingsText, standardCommandAgentRun, type CommandAgentCase } from './wiring-kit.js';

const driver = createCodexDriver();
const RUN_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 150_000;
const wiring: CommandAgentCase = { agent: 'codex', driver, settingsFile: '.codex/hooks.json', runTimeoutMs: RUN_TIMEOUT_MS };

describe.skipIf(agentMissing(driver))('Codex wired by hookpool init', () => {
  it('rm -rf refused with the reason, safe calls run, SessionStart and UserPromptSubmit context, Stop blocks once, the session\'s env; nothing left', async () => {
    const { project, run } = await standardCommandAgentRun(wiring, 'x');
    const settings = JSON.parse(settingsText(project, wiring.settingsFile)) as { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> };
    expect(Object.keys(settings.hooks).sort()).toEqual(['PostToolUse', 'PreToolUse', 'SessionStart', 'Stop', 'UserPromptSubmit']);
    expect(settings.hooks.PreToolUse?.[0]?.matcher).toBe('^(Bash)$');
    // Refused by the hook (Codex's own rm -rf refusal would say something else).
    expect(run.toolResults[0]?.text).toMatch(/^Command blocked by PreToolUse hook: /);
    // Codex gives hooks no session or project variable: hookpool's own say which session it is.
    expect(hookRecords(project.projectDir).every((record) => record.env.get('HOOKPOOL_CWD') === project.projectDir)).toBe(true);
  }, TEST_TIMEOUT_MS);

  it('hookpool not installed: the PreToolUse wrapper refuses every shell call (exit 2 with the reason); rm -rf never runs', async () => {
    await notInstalledRun(wiring, 'xn');
  }, TEST_TIMEOUT_MS);
});
