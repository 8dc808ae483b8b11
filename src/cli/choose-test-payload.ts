// The payload `hookpool test` runs a hook on: the user's, or the first sample of the hook's event
// that its matcher accepts; with notes where the hook would not have run on it for real.
import type { HookDefinition } from '../model/hook-definition.js';
import type { EventSpec } from '../events/event-specs.js';
import { matcherSubjectOf } from '../events/matcher-subject.js';
import { compileMatcher } from '../compilers/compile-matcher.js';
import { matcherLanguageOf } from '../compilers/matcher-language.js';
import { SAMPLE_PAYLOADS } from './sample-payloads.js';

export interface TestPayload {
  readonly payload: Record<string, unknown>;
  /** The payload came from the sample table. */
  readonly sample: boolean;
  /** Why the hook might not have run on this payload outside the test (it runs anyway). */
  readonly notes: string[];
}

export function chooseTestPayload(spec: EventSpec, hook: HookDefinition, given: Record<string, unknown> | undefined): TestPayload {
  const matches = compileMatcher(hook.matcher, matcherLanguageOf(hook));
  const accepts = (payload: Readonly<Record<string, unknown>>) => {
    const subject = matcherSubjectOf(spec, payload);
    return subject === null || matches(subject);
  };
  const samples = SAMPLE_PAYLOADS[spec.name];
  const payload = given ?? { ...(samples.find(accepts) ?? samples[0]) };
  const notes: string[] = [];
  if (!accepts(payload)) {
    notes.push(`matcher "${hook.matcher}" does not accept ${spec.matcherField} "${matcherSubjectOf(spec, payload)}": outside this test the hook would not run on this payload`);
  }
  if (hook.filter !== undefined) notes.push('the hook\'s "filter" is not applied in a test');
  if (!hook.enabled) notes.push('the hook is disabled in its config; the test runs it anyway');
  return { payload, sample: given === undefined, notes };
}
