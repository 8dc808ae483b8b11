// The dialect table: each agent's module, loaded only when its name is asked for (`hookpool run`
// is called per tool call and loads one).
import type { Dialect } from './dialect.js';
import type { DialectName } from './dialect-names.js';

const LOADERS: Readonly<Record<DialectName, () => Promise<Dialect>>> = {
  claude: async () => (await import('./claude/claude.js')).claudeDialect,
  gemini: async () => (await import('./gemini.js')).geminiDialect,
  cursor: async () => (await import('./cursor.js')).cursorDialect,
  copilot: async () => (await import('./copilot.js')).copilotDialect,
  codex: async () => (await import('./codex.js')).codexDialect,
};

export function loadDialect(name: DialectName): Promise<Dialect> {
  return LOADERS[name]();
}
