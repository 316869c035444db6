// Benchmarks permission decisions: one bash decision against 100 rules on a long compound command, and the
// sandbox's added start-up per command.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execa } from 'execa';
import { PermissionPolicy } from '../source/permissions/policy.js';
import { loadPermissionRules } from '../source/permissions/ruleSources.js';
import { findBwrap, sandboxRun } from '../source/permissions/sandbox.js';
import type { AnyTool } from '../source/tools/types.js';
import { bashTool } from '../source/tools/bash.js';

const bash: AnyTool = bashTool;

async function decisionMicros(): Promise<string> {
  const workspace = mkdtempSync(join(tmpdir(), 'rein-bench-perm-'));
  const rules = Array.from({ length: 100 }, (_, i) => (i % 10 === 0 ? `Bash(tool${i} deploy:*)` : `Bash(tool${i} run:*)`));
  const { rules: parsed } = loadPermissionRules({ workspace, home: workspace, allowedTools: rules });
  const policy = new PermissionPolicy({ rules: parsed, workspace, home: workspace });
  const command = Array.from({ length: 20 }, (_, i) => `timeout 5 tool${i * 3} run --flag "value ${i}" | grep -v x`).join(' && ');
  await policy.judge(bash, { command }, 'ask', workspace);
  const repeat = 300;
  const started = performance.now();
  for (let i = 0; i < repeat; i++) await policy.judge(bash, { command }, 'ask', workspace);
  rmSync(workspace, { recursive: true, force: true });
  return `one bash decision, 100 rules, 40 simple commands (${command.length} chars): ${(((performance.now() - started) / repeat) * 1000).toFixed(0)} µs`;
}

async function sandboxMillis(): Promise<string> {
  const bwrap = findBwrap();
  if (!bwrap) return 'sandbox start-up: bwrap not installed';
  const workspace = mkdtempSync(join(tmpdir(), 'rein-bench-sbx-'));
  const prefix = sandboxRun({ workspace, protectedFiles: [], network: false, bwrap }).words;
  const time = async (argv: string[]) => {
    const runs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await execa(argv[0], argv.slice(1), { cwd: workspace });
      runs.push(performance.now() - started);
    }
    return runs.sort((a, b) => a - b)[10];
  };
  const plain = await time(['/bin/bash', '-c', 'true']);
  const boxed = await time([...prefix, '/bin/bash', '-c', 'true']);
  rmSync(workspace, { recursive: true, force: true });
  return `sandbox start-up per command (median of 20): ${plain.toFixed(1)} ms plain, ${boxed.toFixed(1)} ms under bwrap (+${(boxed - plain).toFixed(1)} ms)`;
}

export async function benchPermissions(): Promise<string[]> {
  return ['permissions', `  ${await decisionMicros()}`, `  ${await sandboxMillis()}`];
}
