// The rules' verdict on a call: deny > ask > allow > the mode's default, with the destructive guard and protected paths in
// every mode. `decide()` (decide.ts) weighs it against hook verdicts and who can be asked.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { Minimatch, minimatch } from 'minimatch';
import { realpathNearest } from '../tools/paths.js';
import type { PermissionMode } from '../protocol/events.js';
import { toolRefOf } from '../protocol/mcpToolNames.js';
import { shellEnv } from '../tools/processGroup.js';
import { kindOf, type AnyTool } from '../tools/types.js';
import { readFileTool } from '../tools/readFile.js';
import { claudeToolName } from './toolNames.js';
import { defaultProtectedPaths, defaultProtectedWritePaths } from '../config/defaults.js';
import type { BashJudge } from './bashDecision.js';
import { loadBashAnalysis } from './bashAnalysis.js';
import { parseRule, type PermissionRule, type RuleContext } from './rules.js';
import { planModeRefusal, type PermissionVerdict } from './verdict.js';
import { isSteeringPath, steeringAskReason } from './steering.js';
import { domainMatches, hostOf, resolveProtected, sameServer } from './ruleTargets.js';

export { planModeRefusal, type PermissionVerdict } from './verdict.js';

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
  /** The environment bash commands start with (default: rein's own, with what the bash tool sets). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** The paths a tool's path arguments name, as the tool resolves them (absent is the working folder, `~/` the home folder). */
function pathsOf(tool: AnyTool, input: Record<string, unknown>, cwd: string, home: string): string[] {
  return (tool.pathArguments ?? []).map((name) => {
    const value = input[name];
    const given = typeof value === 'string' ? value : '.';
    if (given === '~') return home;
    return resolve(cwd, given.startsWith('~/') ? `${home}/${given.slice(2)}` : given);
  });
}

/** Tools that declare path arguments: their rules and protected paths are judged on each path as given and as it really is. */
const touchesPaths = (tool: AnyTool) => (tool.pathArguments?.length ?? 0) > 0;

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
    if (tool.urlArgument) {
      const host = hostOf(input[tool.urlArgument]);
      return [host ? `${claudeToolName(tool.name)}(domain:${host})` : claudeToolName(tool.name)];
    }
    if (kindOf(tool) !== 'execute') return [tool.name];
    const command = typeof input.command === 'string' ? input.command : '';
    const bash = await loadBashAnalysis();
    const judge = this.bashJudge(tool);
    const expanded = bash.expandShell(command, judge.shell, bash.initialState(cwd));
    return bash.alwaysBashRules(command, expanded, bash.judgePaths(expanded, judge, cwd).concerns);
  }

  /** Starts loading what judging a call of `tool` needs (the bash analysis and grammar for a command), ahead of `judge`. */
  prepare(tool: AnyTool): void {
    // A failure shows when judge awaits the same load.
    if (kindOf(tool) === 'execute') loadBashAnalysis().catch(() => undefined);
  }

  /** True when bash commands run inside the sandbox. */
  get sandboxed(): boolean {
    return this.o.sandboxed === true;
  }

  /** `outsideSandbox` decides a command as if the sandbox were off (a rerun outside it). */
  async judge(tool: AnyTool, input: Record<string, unknown>, mode: PermissionMode, cwd: string, outsideSandbox = false): Promise<PermissionVerdict> {
    const kind = kindOf(tool);
    if (kind === 'execute') {
      const bash = await loadBashAnalysis();
      return bash.decideBashCommand(typeof input.command === 'string' ? input.command : '', mode, cwd, outsideSandbox, this.bashJudge(tool));
    }
    // A link (or /proc/self/cwd) can lead a harmless-looking path to a denied or protected file: both forms are judged.
    const paths = touchesPaths(tool) ? await this.pathForms(tool, input, cwd) : [];
    const host = tool.urlArgument ? hostOf(input[tool.urlArgument]) : undefined;
    const all = this.list();
    const matching = (effect: PermissionRule['effect']) => all.filter((r) => r.effect === effect && this.ruleMatchesTool(r, tool, paths, host));
    const deny = matching('deny');
    if (deny.length > 0) return { kind: 'deny', label: 'denied by a rule', message: `A permission rule (${deny[0].text} in ${deny[0].source}) denies this ${tool.name} call. Do not retry it; choose another approach or ask the user.` };
    const allowRules = matching('allow');
    const allowed = allowRules.length > 0;
    // Only a rule naming the path lifts the question on a steering file: a tool-wide allow does not.
    if (kind === 'edit' && mode !== 'yolo' && mode !== 'plan' && (await this.steers(paths)) && !allowRules.some((r) => r.target.kind === 'path')) {
      return { kind: 'ask', reason: steeringAskReason, firm: true };
    }
    const protectedReason = this.protectedPath(tool, paths);
    if (protectedReason && !allowed) return { kind: 'ask', reason: protectedReason, firm: true };
    if (matching('ask').length > 0) return { kind: 'ask', firm: true };
    if (allowed || tool.readOnly || tool.autoApproved) return { kind: 'allow' };
    if (mode === 'plan') return { kind: 'deny', label: 'refused: plan mode', message: planModeRefusal(tool.name) };
    if (mode === 'yolo' || (mode === 'auto-edit' && kind === 'edit')) return { kind: 'allow' };
    return { kind: 'ask' };
  }

  /** The path as given and where it really leads (symlinks resolved, also for a file not written yet). */
  private async pathForms(tool: AnyTool, input: Record<string, unknown>, cwd: string): Promise<string[]> {
    const forms: string[] = [];
    for (const given of pathsOf(tool, input, cwd, this.home)) {
      const real = await realpathNearest(given).catch(() => given);
      forms.push(...(real === given ? [given] : [given, real]));
    }
    return forms;
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
    // What read_file itself would meet on this path.
    const deny = this.list().find((r) => r.effect === 'deny' && this.ruleMatchesTool(r, readFileTool, [realPath]));
    if (deny) return `a permission rule (${deny.text} in ${deny.source}) denies reading it`;
    if (this.matchesProtected(realPath, this.protectedAll)) return 'it is a protected path';
    return undefined;
  }

  private get home(): string {
    return this.o.home ?? homedir();
  }

  /** Whether an allow rule names `host` itself (a tool-wide WebFetch rule does not): web_fetch's leave to reach a private address. */
  allowsPrivateHost(host: string): boolean {
    const target = host.toLowerCase();
    return this.list().some((r) => r.effect === 'allow' && r.target.kind === 'domain' && r.target.domain !== '*' && domainMatches(r.target.domain, target));
  }

  private ruleMatchesTool(rule: PermissionRule, tool: AnyTool, paths: string[], host?: string): boolean {
    const t = rule.target;
    if (t.kind === 'tool') return t.tools.includes(tool.name);
    if (t.kind === 'mcp') {
      // The server is matched by name, never as the start of a string: `mcp__github__*` is not server `github_`.
      const ref = toolRefOf(tool.name);
      if (!ref || !sameServer(ref.server, t.server)) return false;
      return t.tool === undefined || t.tool === '*' || sameServer(ref.tool, t.tool);
    }
    if (t.kind === 'path') return t.tools.includes(tool.name) && paths.some((p) => minimatch(p, t.glob, { dot: true }));
    if (t.kind === 'domain') return t.tools.includes(tool.name) && host !== undefined && domainMatches(t.domain, host);
    return false;
  }

  /** Compiled once per pattern: a decision checks every path a command touches against every protected path. */
  private compiled = new Map<string, Minimatch>();
  private protectedTests = new Map<string, (path: string) => boolean>();

  private matchesProtected(path: string, patterns: string[]): boolean {
    return patterns.some((p) => {
      let test = this.protectedTests.get(p);
      if (!test) {
        const anchored = p.startsWith('~') || p.startsWith('./') || p.startsWith('/');
        const glob = anchored ? resolveProtected(p, this.o.workspace, this.o.home) : p;
        const matcher = new Minimatch(glob, { dot: true });
        // Cheap first looks: an anchored pattern only matches below its literal start; a bare name matches the last
        // part of a path at any depth, so only that part is matched.
        const start = glob.slice(0, glob.search(/[*?[{]|$/));
        test = anchored ? (path) => path.startsWith(start) && matcher.match(path) : (path) => matcher.match(path.slice(path.lastIndexOf('/') + 1));
        this.protectedTests.set(p, test);
      }
      return test(path);
    });
  }

  private protectedPath(tool: AnyTool, paths: string[]): string | undefined {
    if (!touchesPaths(tool)) return undefined;
    if (paths.some((p) => this.matchesProtected(p, this.protectedAll))) return 'a protected path';
    if (kindOf(tool) === 'edit' && paths.some((p) => this.matchesProtected(p, this.protectedWrite))) return 'a protected path';
    return undefined;
  }

  private shellEnvironment?: Readonly<Record<string, string | undefined>>;

  /** How `tool`'s shell commands are judged: the rules naming it (or its commands) and the path rules. */
  private bashJudge(tool: AnyTool): BashJudge {
    const all = this.list();
    const pathRules = all.filter((r) => r.target.kind === 'path');
    return {
      workspace: resolve(this.o.workspace),
      shell: { home: this.o.home ?? homedir(), env: this.o.env ?? (this.shellEnvironment ??= { ...process.env, ...shellEnv }) },
      rules: all.filter((r) => r.target.kind === 'bash' || (r.target.kind === 'tool' && r.target.tools.includes(tool.name))),
      sandboxed: this.o.sandboxed === true,
      protectedAll: (p) => this.matchesProtected(p, this.protectedAll),
      protectedWrite: (p) => this.matchesProtected(p, this.protectedWrite),
      hasReadDeny: pathRules.some((r) => r.effect === 'deny' && r.target.kind === 'path' && r.target.access === 'read'),
      pathRule: (effect, path, write) => pathRules.find((r) => r.effect === effect && r.target.kind === 'path' && r.target.access === (write ? 'edit' : 'read') && this.globMatches(r.target.glob, path)),
    };
  }

  private globMatches(glob: string, path: string): boolean {
    let matcher = this.compiled.get(`glob:${glob}`);
    if (!matcher) {
      matcher = new Minimatch(glob, { dot: true });
      this.compiled.set(`glob:${glob}`, matcher);
    }
    return matcher.match(path);
  }
}
