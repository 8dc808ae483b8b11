// Which agent wrote a transcript, told from its first record, and that agent's reader.
import type { TranscriptFormat, TranscriptReader } from './replay-event.js';
import { createClaudeReader } from './readers/claude-transcript.js';
import { createCodexReader } from './readers/codex-rollout.js';
import { createGeminiReader } from './readers/gemini-session.js';

const CODEX_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);
const GEMINI_MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'warning', 'error']);

export const FORMAT_NAMES: Readonly<Record<TranscriptFormat, string>> = {
  claude: "Claude Code's transcript",
  gemini: "Gemini CLI's session log",
  codex: "Codex's rollout log",
};

/** The format of a transcript whose first record is `first`, or undefined when none fits. */
export function detectFormat(first: Record<string, unknown>): TranscriptFormat | undefined {
  if (typeof first.type === 'string' && CODEX_TYPES.has(first.type) && 'payload' in first) return 'codex';
  if ((typeof first.sessionId === 'string' && 'projectHash' in first) || '$set' in first) return 'gemini';
  if (typeof first.type === 'string' && GEMINI_MESSAGE_TYPES.has(first.type) && 'content' in first && !('message' in first)) return 'gemini';
  if (typeof first.type === 'string' && ('sessionId' in first || 'uuid' in first || 'leafUuid' in first || 'messageId' in first)) return 'claude';
  return undefined;
}

export function createReader(format: TranscriptFormat): TranscriptReader {
  switch (format) {
    case 'claude':
      return createClaudeReader();
    case 'gemini':
      return createGeminiReader();
    case 'codex':
      return createCodexReader();
  }
}
