// Bundles the CLI with esbuild: the TUI is split into its own chunk so headless runs never load React or Ink.
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { cli: 'source/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: '#!/usr/bin/env node' },
});
chmodSync('dist/cli.js', 0o755);
