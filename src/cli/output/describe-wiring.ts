// What `init --agent` and `add` say about the agent's settings they wrote, and what the user must do in the agent.
import type { WiredAgent } from '../../project/wire-agent.js';

export function describeWiring(wired: WiredAgent): string[] {
  const lines: string[] = [];
  if (wired.written.length > 0) lines.push(`wired ${wired.file} for ${wired.agent}: ${wired.written.join(', ')}`);
  if (wired.kept.length > 0) lines.push(`${wired.file} already calls hookpool on ${wired.kept.join(', ')}: left as it is`);
  if (wired.written.length + wired.kept.length === 0) lines.push(`${wired.file}: none of the configured hooks' events has a ${wired.agent} counterpart: nothing wired`);
  if (wired.unwired.length > 0) lines.push(`${wired.agent} has no event for ${wired.unwired.join(', ')}: those hooks never run under it`);
  if (wired.written.length > 0) lines.push(...wired.enablingSteps.map((step) => `in ${wired.agent}: ${step}`));
  return lines;
}
