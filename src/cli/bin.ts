#!/usr/bin/env node
// The `hookpool` executable, bundled as CommonJS (scripts/bundle-cli.js): `run` is a bundle of its
// own loaded through the V8 code cache (load-bundle.ts), the other verbs come from the tsc build.
import { fileURLToPath } from 'node:url';
import type * as FastRun from './fast-run.js';
import { loadBundle } from './load-bundle.js';
import { startCli } from './start-cli.js';

const RUN_BUNDLE = fileURLToPath(new URL('./hookpool-run.cjs', import.meta.url));

startCli(process.argv, { fastRun: async () => loadBundle(RUN_BUNDLE) as typeof FastRun, program: () => import('./program.js') });
