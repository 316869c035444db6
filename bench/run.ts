// `npm run bench`: runs every benchmark against the built CLI and prints the figures.
import { execFileSync } from 'node:child_process';
import { benchAgents } from './agents.js';
import { benchAgree } from './agree.js';
import { benchCheckpoints } from './checkpoints.js';
import { benchContext } from './context.js';
import { benchFaults } from './faults.js';
import { benchFrames } from './frames.js';
import { benchFirstRequest } from './firstRequest.js';
import { benchHeadless } from './headless.js';
import { benchLongContext } from './longContext.js';
import { benchMcp } from './mcp.js';
import { benchMcpMany } from './mcpMany.js';
import { benchOutside } from './outside.js';
import { benchPermissions } from './permissions.js';
import { benchRender } from './render.js';
import { median } from './stats.js';

const sections: Array<[string, () => Promise<string[]>]> = [
  ['first-request', () => benchFirstRequest()],
  ['headless', () => benchHeadless()],
  ['render', () => benchRender()],
  ['outside', () => benchOutside()],
  ['agree', () => benchAgree()],
  ['frames', () => benchFrames()],
  ['context', () => benchContext()],
  ['long-context', () => benchLongContext()],
  ['agents', () => benchAgents()],
  ['mcp', () => benchMcp()],
  ['mcp-many', () => benchMcpMany()],
  ['permissions', () => benchPermissions()],
  ['faults', () => benchFaults()],
  ['checkpoints', () => benchCheckpoints()],
];
const only = process.argv[2];

/**
 * CPU-seconds of a fixed loop in a fresh node process. CPU figures below scale with it: on a shared machine the
 * same work can cost a quarter more or less from one minute to the next, so compare runs by this too.
 */
function machineReference(): string {
  const script = 'const t=process.cpuUsage();let x=0;for(let i=0;i<3e8;i++)x+=i%7;const u=process.cpuUsage(t);process.stdout.write(String((u.user+u.system)/1e6))';
  const runs = [0, 1, 2].map(() => Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })));
  return `machine reference: a fixed loop took ${runs.map((r) => r.toFixed(2)).join(' / ')} CPU-s (lower is a faster moment of this machine)`;
}

/**
 * Wall time of `node -e 0`, median of 7. Start-up figures (first frame, start to first request) scale with it
 * rather than with the loop above: page faults, compilation and process creation cost more on some machines.
 */
function startReference(): string {
  const times = Array.from({ length: 7 }, () => {
    const start = performance.now();
    execFileSync(process.execPath, ['-e', '0']);
    return performance.now() - start;
  });
  // Node reads every certificate in this file before it runs anything, in every process rein or a test starts.
  const certs = process.env.NODE_EXTRA_CA_CERTS ? `; NODE_EXTRA_CA_CERTS is set, which node reads at every start` : '';
  return `start reference: node -e 0 took ${median(times).toFixed(0)} ms, median of 7${certs}`;
}

process.stdout.write(`${machineReference()}\n${startReference()}\n`);

for (const [name, bench] of sections) {
  if (only && only !== name) continue;
  const lines = await bench();
  process.stdout.write(`\n${lines.join('\n')}\n`);
}

process.stdout.write(`\n${machineReference()}\n`);
