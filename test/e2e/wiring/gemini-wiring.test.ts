// Gemini CLI wired by `hookpool init --agent gemini` (wiring-kit.ts says what the project's hooks
// and the model's steps are): one command entry per Gemini event in .gemini/settings.json, each
// running `hookpool run --format gemini <event>`, the guards (BeforeTool, BeforeAgent) wrapped so
// that a hookpool that cannot run exits 2 with the reason, which Gemini reads as a refusal.
import { describe, expect, it } from 'vitest';
import { createGeminiDriver } from '../agents/gemini.js';
import { agentMissing } from '../harness/find-agent.js';
import { hookRecords, notInstalledRun, settingsText, standardCommandAgentRun, type CommandAgentCase } from './wiring-kit.js';

const driver = createGeminiDriver();
/** Gemini starts node on a 16 MB bundle: a run takes 10-30 s on this loaded machine. */
const RUN_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 180_000;
// An AfterAgent refusal's reason comes back to Gemini as a new prompt: BeforeAgent fires again for it.
const wiring: CommandAgentCase = { agent: 'gemini', driver, settingsFile: '.gemini/settings.json', runTimeoutMs: RUN_TIMEOUT_MS, extraRecords: ['prompt'] };

describe.skipIf(agentMissing(driver))('Gemini CLI wired by hookpool init', () => {
  it('rm -rf refused with the reason, safe calls run, SessionStart and BeforeAgent context, AfterAgent blocks once, the session\'s env; nothing left', async () => {
    const { project, sessionId } = await standardCommandAgentRun(wiring, 'g');
    const settings = JSON.parse(settingsText(project, wiring.settingsFile)) as { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> };
    expect(Object.keys(settings.hooks).sort()).toEqual(['AfterAgent', 'AfterTool', 'BeforeAgent', 'BeforeTool', 'SessionStart']);
    expect(settings.hooks.BeforeTool?.[0]?.matcher).toBe('^(run_shell_command)$');
    expect(settings.hooks.BeforeTool?.[0]?.hooks[0]?.command).toContain('hookpool could not run');
    // The second BeforeAgent is the Stop refusal's reason, sent as the next prompt.
    expect(String(hookRecords(project.projectDir, 'prompt')[1]?.payload.prompt)).toContain('HOOKPOOL-E2E-STOP-');
    // Gemini's own variables reach the hooks through hookpool.
    for (const record of hookRecords(project.projectDir)) {
      expect(record.env.get('GEMINI_SESSION_ID'), record.label).toBe(sessionId);
      expect(record.env.get('GEMINI_PROJECT_DIR'), record.label).toBe(project.projectDir);
    }
  }, TEST_TIMEOUT_MS);

  it('hookpool not installed: the BeforeTool wrapper refuses every shell call (exit 2 with the reason); rm -rf never runs', async () => {
    await notInstalledRun(wiring, 'gn');
  }, TEST_TIMEOUT_MS);
});
