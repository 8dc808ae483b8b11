// Every hook protocol, by name: the one place that maps a hook's `protocol` to how it is spoken.
import type { HookProtocol } from '../../model/hook-definition.js';
import { AUTOHAND_PROTOCOL } from './autohand.js';
import { CLAUDE_PROTOCOL } from './claude.js';
import { OPENCLAW_PROTOCOL } from './openclaw.js';
import { OPTA_PROTOCOL } from './opta.js';
import type { ProtocolSpec } from './protocol.js';
import { WUNDR_PROTOCOL } from './wundr.js';

/** Each protocol's stdin and variables, by the name a hook's `protocol` gives. */
export const PROTOCOLS: Readonly<Record<HookProtocol, ProtocolSpec>> = {
  claude: CLAUDE_PROTOCOL,
  autohand: AUTOHAND_PROTOCOL,
  wundr: WUNDR_PROTOCOL,
  opta: OPTA_PROTOCOL,
  openclaw: OPENCLAW_PROTOCOL,
};
