import { configDefaults, defineConfig } from 'vitest/config';
import { isCi, machineTools, notRunLines, tmuxTestFiles } from './__tests__/support/machineTools.js';
import { NotRunReporter } from './__tests__/support/notRunReporter.js';

// Without tmux the tmux end-to-end files are left out and named at the end; under CI the global setup fails instead.
const tools = machineTools();
const leftOut = !tools.tmux && !isCi() ? tmuxTestFiles() : [];

export default defineConfig({
  test: {
    include: ['__tests__/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...leftOut],
    globalSetup: ['__tests__/support/requireTools.ts'],
    reporters: ['default', new NotRunReporter(isCi() ? [] : notRunLines(tools, leftOut))],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    env: { FORCE_COLOR: '0' },
  },
});
