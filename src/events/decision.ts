// The decisions a hook's answer can carry, whatever protocol it was read in; what each means on
// an event is decision-rank.ts's.
export type Decision = 'allow' | 'deny' | 'ask' | 'defer' | 'block';
