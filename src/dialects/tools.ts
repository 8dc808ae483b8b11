// An agent's tools read as the canonical ones (src/events/tool-names.ts): a call's tool name and
// its input fields renamed on the way in (plus fields derived for hooks, such as the files of a
// patch), a hook's replacement input renamed back on the way out, and a canonical tool said in
// the agent's own names for its settings' matchers.
import { AGENT_TOOL_NAME_FIELD, type CanonicalTool } from '../events/tool-names.js';

type ToolInput = Record<string, unknown>;

export interface ToolMapping {
  /** The canonical tool the agent's tool reads as. */
  readonly tool: CanonicalTool;
  /** Where it depends on the call (a patch that only adds files is a Write): the other canonical tools it may read as, and how one is chosen. */
  readonly or?: { readonly tools: readonly CanonicalTool[]; readonly choose: (input: ToolInput) => CanonicalTool };
  /** The agent's input field → the canonical field, where they differ; other fields keep their names. */
  readonly fields?: Readonly<Record<string, string>>;
  /** Canonical fields hooks read that the agent's input has only implicitly (left out of a replacement input). */
  readonly derive?: (input: ToolInput) => ToolInput;
}

/** An agent's tools by its own names. */
export type ToolTable = Readonly<Record<string, ToolMapping>>;

export { AGENT_TOOL_NAME_FIELD } from '../events/tool-names.js';

/** The input with the agent's tool name and input fields in canonical terms (unknown tools stay as they are). */
export function canonicalToolCall(tools: ToolTable, input: Record<string, unknown>): Record<string, unknown> {
  const name = input.tool_name;
  if (typeof name !== 'string' || !Object.hasOwn(tools, name)) return input;
  const mapping = tools[name]!;
  const agentInput = isRecord(input.tool_input) ? input.tool_input : {};
  const renamed = renameFields(agentInput, mapping.fields ?? {});
  const toolInput = isRecord(input.tool_input) ? { ...renamed, ...mapping.derive?.(agentInput) } : input.tool_input;
  const tool = mapping.or?.choose(agentInput) ?? mapping.tool;
  return { ...input, tool_name: tool, tool_input: toolInput, [AGENT_TOOL_NAME_FIELD]: name };
}

/** A replacement tool input given in canonical fields, in the agent's own fields for `agentTool`. */
export function agentToolInput(tools: ToolTable, agentTool: unknown, input: unknown): unknown {
  if (typeof agentTool !== 'string' || !Object.hasOwn(tools, agentTool) || !isRecord(input)) return input;
  const mapping = tools[agentTool]!;
  const back = Object.fromEntries(Object.entries(mapping.fields ?? {}).map(([agentField, canonical]) => [canonical, agentField]));
  const derived = new Set(Object.keys(mapping.derive?.(input) ?? {}));
  return renameFields(Object.fromEntries(Object.entries(input).filter(([key]) => !derived.has(key))), back);
}

/** The agent's tool names that read as `canonical` (several agent tools may read as one). */
export function agentNamesOf(tools: ToolTable, canonical: string): string[] {
  return Object.entries(tools)
    .filter(([, mapping]) => mapping.tool === canonical || (mapping.or?.tools as readonly string[] | undefined)?.includes(canonical))
    .map(([name]) => name);
}

function renameFields(input: Record<string, unknown>, fields: Readonly<Record<string, string>>): Record<string, unknown> {
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const to = fields[key] ?? key;
    // A field the agent already spells canonically wins over a renamed one.
    if (!(to in renamed) || to === key) renamed[to] = value;
  }
  return renamed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
