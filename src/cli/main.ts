// The `hookpool` CLI unbundled (dist/src/cli/main.js); the published executable is bin.ts.
import { startCli } from './start-cli.js';

startCli(process.argv, { fastRun: () => import('./fast-run.js'), program: () => import('./program.js') });
