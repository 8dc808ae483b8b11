// GitHub Copilot CLI wired by `hookpool init --agent copilot` (wiring-kit.ts says what the
// project's hooks and the model's steps are): .github/hooks/hookpool.json, one entry per Copilot
// event running `hookpool run --format copilot <event>`; preToolUse wrapped so that a hookpool
// that cannot run prints a deny (Copilot reads only stdout JSON). The driver trusts the folder.
import { describe, expect, it } from 'vitest';
import { createCopilotDriver } from '../agents/copilot.js';
import { agentMissing } from '../harness/find-agent.js';
import { hookRecords, notInstalledRun, settingsText, standardCommandAgentRun, type CommandAgentCase } from './wiring-kit.js';

const driver = createCopilotDriver();
const RUN_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 150_000;
// A Stop block's reason comes back to Copilot as a new user prompt: userPromptSubmitted fires again for it.
const wiring: CommandAgentCase = { agent: 'copilot', driver, settingsFile: '.github/hooks/hookpool.json', runTimeoutMs: RUN_TIMEOUT_MS, extraRecords: ['prompt'] };

describe.skipIf(agentMissing(driver))('GitHub Copilot CLI wired by hookpool init', () => {
  it('rm -rf refused with the reason, safe calls run, sessionStart and userPromptSubmitted context, agentStop blocks once, the session\'s env; nothing left', async () => {
    const { project, run } = await standardCommandAgentRun(wiring, 'o');
    const settings = JSON.parse(settingsText(project, wiring.settingsFile)) as { hooks: Record<string, { matcher?: string; bash: string }[]> };
    expect(Object.keys(settings.hooks).sort()).toEqual(['agentStop', 'postToolUse', 'preToolUse', 'sessionStart', 'userPromptSubmitted']);
    expect(settings.hooks.preToolUse?.[0]?.matcher).toBe('bash');
    expect(run.toolResults[0]?.text).toMatch(/^Denied by preToolUse hook: /);
    // The second userPromptSubmitted is the Stop block's reason, sent as the next prompt.
    expect(String(hookRecords(project.projectDir, 'prompt')[1]?.payload.prompt)).toContain('HOOKPOOL-E2E-STOP-');
    // Copilot's own variables reach the hooks through hookpool.
    for (const record of hookRecords(project.projectDir)) expect(record.env.get('COPILOT_PROJECT_DIR'), record.label).toBe(project.projectDir);
  }, TEST_TIMEOUT_MS);

  it('hookpool not installed: the preToolUse wrapper denies every shell call with the reason; rm -rf never runs', async () => {
    await notInstalledRun(wiring, 'on');
  }, TEST_TIMEOUT_MS);
});
