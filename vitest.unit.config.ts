// The fast project (`npm run test:unit`): tests of one module or a few, which start no hook
// process, pool or CLI, so that an edit can be checked in well under a minute. `npm test` runs
// them again with everything else (vitest.config.ts); CI runs both.
import { configDefaults, defineConfig } from 'vitest/config';
import full from './vitest.config.js';

export default defineConfig({
  ...full,
  test: {
    ...full.test,
    include: ['test/unit/**/*.test.ts', 'test/builtins/**/*.test.ts'],
    // Built-ins driven through a real engine, or through real git repositories.
    exclude: [...configDefaults.exclude, 'test/builtins/engine-builtins.test.ts', 'test/builtins/git-builtins.test.ts'],
  },
});
