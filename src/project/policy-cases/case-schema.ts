// A policy test case (`hookpool test --cases DIR`): an event, its payload in Claude Code's wire
// format (as `hookpool run --input` takes it), and what the project's hooks must answer. A case
// file holds one case or a list of them, in YAML or JSON.
import { z } from 'zod';
import { eventNameSchema } from '../../config/field-schemas.js';

/** A pattern as written (`not allowed`, or `/not allowed/i` with flags) and its compiled form. */
export interface TextPattern {
  readonly source: string;
  readonly regex: RegExp;
}

const SLASHED = /^\/(.+)\/([dgimsuvy]*)$/s;

const patternSchema = z.string({ error: 'expected a regular expression, e.g. "not allowed" or "/not allowed/i"' })
  .min(1, 'expected a non-empty regular expression')
  .transform((source, ctx): TextPattern => {
    const slashed = SLASHED.exec(source);
    try {
      return { source, regex: slashed === null ? new RegExp(source) : new RegExp(slashed[1]!, slashed[2]) };
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `not a valid regular expression: ${(error as Error).message}` });
      return z.NEVER;
    }
  });

export const DECISIONS = ['allow', 'deny', 'ask', 'defer', 'block'] as const;

const expectationsSchema = z.strictObject({
  decision: z.enum(DECISIONS).nullable().optional().describe('the merged decision; null: no hook decided'),
  blocked: z.boolean().optional().describe('whether the agent must not proceed'),
  reason: patternSchema.optional().describe('a regular expression the merged reason must match'),
  context: patternSchema.optional().describe('a regular expression the merged additionalContext must match'),
  updatedInput: z.record(z.string(), z.unknown()).nullable().optional().describe('the rewritten tool input, compared as a whole; null: no rewrite'),
}).refine((expect) => Object.keys(expect).length > 0, 'expected at least one of decision, blocked, reason, context, updatedInput');

export const policyCaseSchema = z.strictObject({
  name: z.string().min(1, 'expected a non-empty name').optional(),
  event: eventNameSchema,
  payload: z.record(z.string(), z.unknown(), { error: 'expected the event\'s input as an object, e.g. {"tool_name": "Bash", "tool_input": {"command": "ls"}}' }).default({}),
  expect: expectationsSchema,
});

export const policyCaseListSchema = z.array(policyCaseSchema).min(1, 'expected at least one case');

export type PolicyCaseInput = z.output<typeof policyCaseSchema>;
export type Expectations = PolicyCaseInput['expect'];

/** A case as read: its own fields, the file it came from (relative to the case folder) and its name. */
export interface PolicyCase extends PolicyCaseInput {
  readonly file: string;
  readonly name: string;
}
