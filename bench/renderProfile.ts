// Summarises a V8 CPU profile of the rein process over a time window: self time by package and by function, via the build's source maps.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Node flags that make the rein process write a CPU profile into `dir` when it exits. */
export const profileFlags = (dir: string): string[] => ['--cpu-prof', `--cpu-prof-dir=${dir}`];

const maps = new Map<string, SourceMap | undefined>();

function sourceMapFor(url: string): SourceMap | undefined {
  if (!maps.has(url)) {
    let map: SourceMap | undefined;
    try {
      const file = `${fileURLToPath(url)}.map`;
      if (existsSync(file)) map = new SourceMap(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      map = undefined;
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

/** Where a profile node's code came from: a package name or a rein source path, and a readable function label. */
function origin(node: ProfileNode): { owner: string; label: string } {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (!url) return { owner: name.startsWith('(') ? name : 'node internals', label: name };
  if (!url.startsWith('file:')) return { owner: 'node internals', label: `${name} ${url}` };
  const entry = sourceMapFor(url)?.findEntry(lineNumber, columnNumber);
  if (!entry || !('originalSource' in entry)) return { owner: url.replace(/^.*\//, ''), label: name };
  const source = entry.originalSource;
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  const path = packageMatch ? `${packageMatch[1]}/${packageMatch[2]}` : source.replace(/^(\.\.\/)+/, '');
  const owner = packageMatch ? packageMatch[1] : path.split('/').slice(0, 2).join('/');
  return { owner, label: `${name} (${path}:${entry.originalLine + 1})` };
}

function top(totals: Map<string, number>, count: number, all: number): string[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${(us / 1000).toFixed(0).padStart(6)} ms ${((us / all) * 100).toFixed(1).padStart(5)}%  ${key}`);
}

export interface ProfileWindow {
  label: string;
  /** process.hrtime.bigint() of the bench process at the window's start and end. */
  fromNs: bigint;
  toNs: bigint;
}

const reinFolders = /^(components|hooks|source)\//;

/** The closest caller (the node itself included) that is rein's own code, so library time is charged to the rein code that asked for it. */
function reinCaller(node: ProfileNode, parents: Map<number, ProfileNode>): string {
  for (let at: ProfileNode | undefined = node; at; at = parents.get(at.id)) {
    const { owner, label } = origin(at);
    if (reinFolders.test(owner)) return label;
  }
  return '(no rein code on the stack)';
}

interface ProfileIndex {
  byId: Map<number, ProfileNode>;
  parents: Map<number, ProfileNode>;
}

function summariseWindow(profile: CpuProfile, index: ProfileIndex, window: ProfileWindow, count: number): string[] {
  const { byId, parents } = index;
  // The profile starts once node is up, after the spawn: a window may begin before it, but must overlap it.
  const from = Math.max(profile.startTime, Number(window.fromNs / 1000n));
  const to = Math.min(profile.endTime, Number(window.toNs / 1000n));
  const inWindow = from < to;
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byCaller = new Map<string, number>();
  let all = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    // A sample's time is spent since the previous one.
    const spent = profile.timeDeltas[i + 1] ?? 0;
    if (inWindow && (at < from || at > to)) return;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    const { owner, label } = origin(node);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + spent);
    byFunction.set(label, (byFunction.get(label) ?? 0) + spent);
    const caller = reinCaller(node, parents);
    byCaller.set(caller, (byCaller.get(caller) ?? 0) + spent);
    all += spent;
  });
  return [
    `${window.label}: busy ${(all / 1000).toFixed(0)} ms${inWindow ? '' : ' (window outside the profile: whole process shown)'}; by package or folder:`,
    ...top(byOwner, 8, all),
    'by function:',
    ...top(byFunction, count, all),
    'by the rein code on the stack nearest to the sample:',
    ...top(byCaller, 8, all),
  ];
}

/**
 * Self time of the samples inside each window. V8's profile clock and process.hrtime are the same
 * monotonic clock on Linux; a window the profile does not cover falls back to the whole profile.
 */
export function summariseProfile(dir: string, windows: ProfileWindow[], count = 12): string[] {
  const file = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.cpuprofile')) : undefined;
  if (!file) return ['no CPU profile was written (the rein process did not exit normally)'];
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node);
  return windows.flatMap((w) => summariseWindow(profile, { byId, parents }, w, count));
}
