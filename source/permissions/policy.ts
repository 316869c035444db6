// The one decision function: deny > ask > allow > the mode's default, with the destructive guard and protected paths in every mode.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { Minimatch, minimatch } from 'minimatch';
import { realpathNearest } from '../tools/paths.js';
import type { PermissionMode } from '../engine/events.js';
import type { AnyTool } from '../tools/types.js';
import { defaultProtectedPaths, defaultProtectedWritePaths } from '../config/defaults.js';
import { alwaysBashRules, allowCovers, denyCovers, redirectConcerns } from './bashRules.js';
import { destructiveReason, destructiveRefusal } from './guard.js';
import { isReadOnlyView } from './readOnlyCommands.js';
import { parseRule, type PermissionRule, type RuleContext } from './rules.js';
import { loadShellParser } from './shellParser.js';
import { expandShell, type ExpandedCommand } from './wrappers.js';
import { isSteeringPath, steeringAskReason } from './steering.js';

export type PermissionVerdict =
  | { kind: 'allow' }
  /** `firm`: an ask rule or a protected path asks, which a hook's allow does not lift (Claude Code's order). */
  | { kind: 'ask'; reason?: string; firm?: boolean }
  | { kind: 'deny'; message: string; label: string };

export const planModeRefusal = (tool: string) =>
  `rein is in plan mode, so ${tool} was not run: only read-only tools and read-only shell commands are allowed. Investigate with those and present your plan; the user will switch modes to carry it out.`;

export { defaultProtectedPaths, defaultProtectedWritePaths };

export interface PolicyOptions {
  rules: PermissionRule[];
  workspace: string;
  home?: string;
  /** Paths that ask before any access; default `defaultProtectedPaths`. */
  protectedPaths?: readonly string[];
  /** Paths that ask before a write; default `defaultProtectedWritePaths`. */
  protectedWritePaths?: readonly string[];
  /** Bash runs in the sandbox: commands no rule denies or asks for run without asking in ask and auto-edit mode. */
  sandboxed?: boolean;
  /** Saves a rule to the project's local settings; returns the file written. */
  saveProjectRule?: (rule: string) => string;
}

/** The path a file tool is given, as the tool resolves it (`~/` is the home folder). */
function pathOf(input: Record<string, unknown>, cwd: string, home: string): string {
  const given = typeof input.path === 'string' ? input.path : '.';
  if (given === '~') return home;
  return resolve(cwd, given.startsWith('~/') ? `${home}/${given.slice(2)}` : given);
}

/** The tools that take a `path`: their rules and protected paths are judged on the path as given and as it really is. */
const fileTools = new Set(['read_file', 'write_file', 'edit_file', 'glob', 'grep']);

export class PermissionPolicy {
  private rules: PermissionRule[];
  private session: PermissionRule[] = [];
  /** Rules granted for one run (a custom command's allowed-tools); each grant removes its own when the run ends. */
  private run: PermissionRule[][] = [];
  private readonly ctx: RuleContext;
  private readonly protectedAll: string[];
  private readonly protectedWrite: string[];

  constructor(private readonly o: PolicyOptions) {
    this.rules = [...o.rules];
    this.ctx = { workspace: o.workspace, home: o.home };
    const patterns = (list: readonly string[]) => list.map((p) => (p.includes('/') && !p.startsWith('~') && !p.startsWith('/') && !p.startsWith('./') ? `./${p}` : p));
    this.protectedAll = patterns(o.protectedPaths ?? defaultProtectedPaths);
    this.protectedWrite = patterns(o.protectedWritePaths ?? defaultProtectedWritePaths);
  }

  /** Every rule in force with where it comes from, session rules (and rules granted for the current run) last. */
  list(): PermissionRule[] {
    return [...this.rules, ...this.session, ...this.run.flat()];
  }

  /** Allows `rules` until the returned function is called (the end of the run they were granted for). */
  grantForRun(rules: PermissionRule[]): () => void {
    const grant = [...rules];
    this.run.push(grant);
    return () => {
      this.run = this.run.filter((g) => g !== grant);
    };
  }

  /** Adds rules "always" approved; project rules are saved too. Returns where they went. */
  addAlways(rules: string[], scope: 'session' | 'project'): string {
    let where = 'this session';
    for (const text of rules) {
      if (scope === 'project' && this.o.saveProjectRule) where = this.o.saveProjectRule(text);
      const parsed = parseRule(text, 'allow', where, this.ctx);
      if (typeof parsed !== 'string') (scope === 'project' ? this.rules : this.session).push(parsed);
    }
    return where;
  }

  /** Adds deny or ask rules for this session (a PermissionRequest hook's rule updates); returns the ones that parsed. */
  addSessionRules(rules: string[], effect: 'deny' | 'ask'): string[] {
    const added: string[] = [];
    for (const text of rules) {
      const parsed = parseRule(text, effect, 'this session', this.ctx);
      if (typeof parsed === 'string') continue;
      this.session.push(parsed);
      added.push(parsed.text);
    }
    return added;
  }

  removeSessionRule(text: string): boolean {
    const before = this.session.length;
    this.session = this.session.filter((r) => r.text !== text);
    return this.session.length < before;
  }

  clearSession(): void {
    this.session = [];
  }

  /** The exact rules "always" would add for this call (what the dialog shows). */
  async alwaysRules(tool: AnyTool, input: Record<string, unknown>, cwd: string): Promise<string[]> {
    if (tool.name !== 'bash') return [tool.name];
    const command = typeof input.command === 'string' ? input.command : '';
    await loadShellParser();
    const expanded = expandShell(command);
    return alwaysBashRules(command, expanded, redirectConcerns(expanded, cwd, this.o.workspace));
  }

  /** True when bash commands run inside the sandbox. */
  get sandboxed(): boolean {
    return this.o.sandboxed === true;
  }

  /** `outsideSandbox` decides a command as if the sandbox were off (a rerun outside it). */
  async decide(tool: AnyTool, input: Record<string, unknown>, mode: PermissionMode, cwd: string, outsideSandbox = false): Promise<PermissionVerdict> {
    if (tool.name === 'bash') return this.decideBash(typeof input.command === 'string' ? input.command : '', mode, cwd, outsideSandbox);
    // A link (or /proc/self/cwd) can lead a harmless-looking path to a denied or protected file: both forms are judged.
    const paths = fileTools.has(tool.name) ? await this.pathForms(input, cwd) : [];
    const all = this.list();
    const matching = (effect: PermissionRule['effect']) => all.filter((r) => r.effect === effect && this.ruleMatchesTool(r, tool, paths));
    const deny = matching('deny');
    if (deny.length > 0) return { kind: 'deny', label: 'denied by a rule', message: `A permission rule (${deny[0].text} in ${deny[0].source}) denies this ${tool.name} call. Do not retry it; choose another approach or ask the user.` };
    const allowRules = matching('allow');
    const allowed = allowRules.length > 0;
    // Only a rule naming the path lifts the question on a steering file: a tool-wide allow does not.
    if (tool.editsFiles && mode !== 'yolo' && mode !== 'plan' && (await this.steers(paths)) && !allowRules.some((r) => r.target.kind === 'path')) {
      return { kind: 'ask', reason: steeringAskReason, firm: true };
    }
    const protectedReason = this.protectedPath(tool, paths);
    if (protectedReason && !allowed) return { kind: 'ask', reason: protectedReason, firm: true };
    if (matching('ask').length > 0) return { kind: 'ask', firm: true };
    if (allowed || tool.readOnly || tool.autoApproved) return { kind: 'allow' };
    if (mode === 'plan') return { kind: 'deny', label: 'refused: plan mode', message: planModeRefusal(tool.name) };
    if (mode === 'yolo' || (mode === 'auto-edit' && tool.editsFiles)) return { kind: 'allow' };
    return { kind: 'ask' };
  }

  /** The path as given and where it really leads (symlinks resolved, also for a file not written yet). */
  private async pathForms(input: Record<string, unknown>, cwd: string): Promise<string[]> {
    const given = pathOf(input, cwd, this.home);
    const real = await realpathNearest(given).catch(() => given);
    return real === given ? [given] : [given, real];
  }

  private async steers(paths: string[]): Promise<boolean> {
    const workspace = resolve(this.o.workspace);
    const realWorkspace = await realpathNearest(workspace).catch(() => workspace);
    return paths.some((p) => isSteeringPath(p, workspace) || isSteeringPath(p, realWorkspace));
  }

  /**
   * Why a read of `realPath` must not happen without asking (a deny rule or a protected path), or undefined: what grep and
   * glob leave out of a folder they search, and what instruction imports never read.
   */
  readRefusal(realPath: string): string | undefined {
    const readTool = { name: 'read_file' } as AnyTool;
    const deny = this.list().find((r) => r.effect === 'deny' && this.ruleMatchesTool(r, readTool, [realPath]));
    if (deny) return `a permission rule (${deny.text} in ${deny.source}) denies reading it`;
    if (this.matchesProtected(realPath, this.protectedAll)) return 'it is a protected path';
    return undefined;
  }

  private get home(): string {
    return this.o.home ?? homedir();
  }

  private ruleMatchesTool(rule: PermissionRule, tool: AnyTool, paths: string[]): boolean {
    const t = rule.target;
    if (t.kind === 'tool') return t.tools.includes(tool.name);
    if (t.kind === 'mcp') {
      if (!tool.name.startsWith(`mcp__${t.server}__`)) return false;
      return t.tool === undefined || t.tool === '*' || tool.name === `mcp__${t.server}__${t.tool}`;
    }
    if (t.kind === 'path') return t.tools.includes(tool.name) && paths.some((p) => minimatch(p, t.glob, { dot: true }));
    return false;
  }

  /** Compiled once per pattern: a decision checks every word of a command against every protected path. */
  private compiled = new Map<string, Minimatch>();

  private matchesProtected(path: string, patterns: string[]): boolean {
    return patterns.some((p) => {
      let matcher = this.compiled.get(p);
      if (!matcher) {
        const glob = p.startsWith('~') || p.startsWith('./') || p.startsWith('/') ? resolveProtected(p, this.o.workspace, this.o.home) : `**/${p}`;
        matcher = new Minimatch(glob, { dot: true });
        this.compiled.set(p, matcher);
      }
      return matcher.match(path);
    });
  }

  private protectedPath(tool: AnyTool, paths: string[]): string | undefined {
    if (!fileTools.has(tool.name)) return undefined;
    if (paths.some((p) => this.matchesProtected(p, this.protectedAll))) return 'a protected path';
    if (tool.editsFiles && paths.some((p) => this.matchesProtected(p, this.protectedWrite))) return 'a protected path';
    return undefined;
  }

  private async decideBash(command: string, mode: PermissionMode, cwd: string, outsideSandbox: boolean): Promise<PermissionVerdict> {
    await loadShellParser();
    const expanded: ExpandedCommand = expandShell(command);
    const all = this.list().filter((r) => r.target.kind === 'bash' || (r.target.kind === 'tool' && r.target.tools.includes('bash')));
    const views = expanded.views;
    const denied = all.find((r) => r.effect === 'deny' && (views.some((v) => denyCovers(r, v, command)) || (r.target.kind === 'tool')));
    if (denied) return { kind: 'deny', label: 'denied by a rule', message: `A permission rule (${denied.text} in ${denied.source}) denies this command. Do not retry it or a variant of it; choose another approach or ask the user.` };
    const exactAllow = all.some((r) => r.effect === 'allow' && r.target.kind === 'bash' && !r.target.prefix && normalize(r.target.command) === normalize(command));
    const danger = destructiveReason(command, expanded, { cwd, workspace: this.o.workspace, home: this.o.home });
    // Only the user's own rule lifts the guard: a project's, trusted or not, never does.
    const userExactAllow = exactAllow && all.some((r) => r.effect === 'allow' && !r.project && r.target.kind === 'bash' && !r.target.prefix && normalize(r.target.command) === normalize(command));
    if (danger && !userExactAllow) return { kind: 'deny', label: 'refused: destructive', message: destructiveRefusal(danger) };
    const concerns = [...expanded.concerns, ...redirectConcerns(expanded, cwd, this.o.workspace)];
    const allowRules = all.filter((r) => r.effect === 'allow');
    const covered = exactAllow || (concerns.length === 0 && views.length > 0 && views.every((v) => allowRules.some((r) => allowCovers(r, v, command))));
    const protectedWord = views.some((v) => v.words.some((w) => !w.dynamic && this.matchesProtected(resolve(cwd, w.text), this.protectedAll)));
    if (protectedWord && !covered) return { kind: 'ask', reason: 'a protected path', firm: true };
    if (all.some((r) => r.effect === 'ask' && views.some((v) => denyCovers(r, v, command)))) return { kind: 'ask', firm: true };
    if (covered) return { kind: 'allow' };
    if (mode === 'yolo') return { kind: 'allow' };
    // The sandbox is the boundary: what it lets a command touch is what asking would have guarded.
    if (this.o.sandboxed && !outsideSandbox && (mode === 'ask' || mode === 'auto-edit')) return { kind: 'allow' };
    if (mode === 'plan') {
      const readOnly = concerns.length === 0 && views.length > 0 && views.every(isReadOnlyView);
      return readOnly ? { kind: 'allow' } : { kind: 'deny', label: 'refused: plan mode', message: planModeRefusal('this command') };
    }
    return { kind: 'ask', reason: concerns[0] };
  }
}

const normalize = (command: string) => command.trim().replace(/\s+/g, ' ');

function resolveProtected(pattern: string, workspace: string, home?: string): string {
  if (pattern.startsWith('~')) return (home ?? homedir()) + pattern.slice(1);
  if (pattern.startsWith('./')) return `${resolve(workspace)}/${pattern.slice(2)}`;
  return pattern;
}
