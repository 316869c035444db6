// Judges every path a bash command touches against protected paths, path rules, files that steer rein and the
// workspace: what rein must refuse, ask, or note before the command runs.
import { lstatSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { PathAccess } from './accessList.js';
import { viewAccesses } from './pathAccess.js';
import { candidates, forgetRealPaths, judgeRecursive, realNearest } from './pathChecks.js';
import type { PermissionRule } from './rules.js';
import { holdsSteeringFiles, isSteeringPath } from './steering.js';
import type { ExpandedCommand } from './wrappers.js';

export interface PathJudge {
  workspace: string;
  protectedAll(path: string): boolean;
  protectedWrite(path: string): boolean;
  /** True when some path rule denies reads. */
  hasReadDeny: boolean;
  /** The first path rule of `effect` that matches `path` for a read (Read rules) or a write (Edit rules). */
  pathRule(effect: 'deny' | 'ask', path: string, write: boolean): PermissionRule | undefined;
}

export interface PathFacts {
  denied?: { rule: PermissionRule; path: string };
  asked?: { rule: PermissionRule; path: string };
  protectedPath?: string;
  steering?: string;
  /** A folder read or written as a whole was too large to search. */
  unsure?: string;
  /** Concerns from where it writes (outside the workspace, a computed path). */
  concerns: string[];
}

const harmlessTargets = /^\/dev\/(null|stdout|stderr|tty|fd\/\d+)$/;
const writeOperator = /^(>|>>|&>|&>>|>\||<>|>&)$/;

const outside = (path: string, workspace: string) => {
  const rel = relative(workspace, path);
  return rel.startsWith('..') || isAbsolute(rel);
};

/** `cwd` is where the command starts: with the workspace, where a relative path may lead once the directory is unknown. */
export function judgePaths(expanded: ExpandedCommand, judge: PathJudge, cwd?: string): PathFacts {
  forgetRealPaths();
  const facts: PathFacts = { concerns: [] };
  const concerns = new Set<string>();
  const workspace = judge.workspace;
  const realWorkspace = realNearest(workspace);
  const steers = (p: string) => isSteeringPath(p, realWorkspace) || isSteeringPath(p, workspace);
  const seen = new Set<string>();
  const fallback = [...new Set([...(cwd ? [cwd] : []), workspace])];
  const single = (access: PathAccess, cwd: string | null) => {
    for (const path of candidates(access.path, access.raw, { cwd, workspace })) {
      const deny = judge.pathRule('deny', path, access.write);
      if (deny) facts.denied ??= { rule: deny, path };
      const ask = judge.pathRule('ask', path, access.write);
      if (ask) facts.asked ??= { rule: ask, path };
      if (judge.protectedAll(path) || (access.write && judge.protectedWrite(path))) facts.protectedPath ??= path;
      if (access.write && steers(path)) facts.steering ??= path;
    }
    // A file with other names (hard links) may be a steering or protected file under another name.
    const stat = access.write && !facts.steering ? lstatSync(access.path, { throwIfNoEntry: false }) : undefined;
    if (stat?.isFile() && stat.nlink > 1) facts.steering = access.path;
  };
  const recursive = (access: PathAccess) => {
    if (!access.write) {
      const found = judgeRecursive(access, (p) => {
        const deny = judge.pathRule('deny', p, false);
        if (deny) facts.denied ??= { rule: deny, path: p };
        const ask = judge.pathRule('ask', p, false);
        if (ask) facts.asked ??= { rule: ask, path: p };
        if (judge.protectedAll(p)) facts.protectedPath ??= p;
        // With read-deny rules in force, the search goes on past a protected file for a denied one.
        return deny !== undefined || (judge.protectedAll(p) && !judge.hasReadDeny);
      });
      if (found === 'unsure') facts.unsure ??= `it reads all of ${access.path}, too large to search for protected files`;
      return;
    }
    if (access.from) {
      const found = judgeRecursive(access, (p) => {
        if (steers(p)) facts.steering ??= p;
        if (judge.protectedAll(p) || judge.protectedWrite(p)) facts.protectedPath ??= p;
        return steers(p);
      });
      if (found === 'unsure') facts.unsure ??= `it copies a folder too large to search into ${access.path}`;
      return;
    }
    // Unknown content (an archive, a patch read from a pipe) lands in the folder: judge the folder.
    const real = realNearest(access.path);
    if (holdsSteeringFiles(real, realWorkspace) || holdsSteeringFiles(access.path, workspace)) facts.steering ??= access.path;
  };
  for (const view of expanded.views) {
    for (const access of viewAccesses(view, fallback)) {
      const key = `${access.path}\0${access.write}\0${access.recursive ?? false}\0${access.from ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (access.recursive) recursive(access);
      else single(access, view.cwd);
    }
    for (const r of view.written.redirects) {
      if (!writeOperator.test(r.operator) || /^(\d+|-)$/.test(r.target.text) || harmlessTargets.test(r.target.text)) continue;
      for (const f of r.target.fields.length > 0 ? r.target.fields : [{ value: r.target.text, unknown: r.target.dynamic }]) {
        if (f.unknown) concerns.add('redirection to a computed path');
        else if (view.cwd === null && !isAbsolute(f.value)) concerns.add('redirection to a computed path');
        else if (outside(resolve(view.cwd ?? '/', f.value), workspace)) concerns.add('redirection to a file outside the workspace');
      }
    }
  }
  facts.concerns = [...concerns];
  return facts;
}
