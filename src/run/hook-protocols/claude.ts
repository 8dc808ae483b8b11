// Claude Code's protocol: the wire-format JSON on stdin, CLAUDE_PROJECT_DIR and hookpool's own variables.
import { NO_HOOK_VARIABLES, startVariables, type ProtocolSpec } from './protocol.js';

/** What Claude Code gives a hook, and so every hook that speaks its protocol. */
export const CLAUDE_PROTOCOL: ProtocolSpec = {
  view(fire) {
    const env = startVariables(fire);
    env.set(['CLAUDE_PROJECT_DIR'], fire.context.projectDir);
    return { stdin: fire.inputJson, variables: env.variables };
  },
  hookVariables: NO_HOOK_VARIABLES,
};
