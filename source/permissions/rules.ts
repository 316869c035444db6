// Permission rules in Claude Code's syntax (`Bash(npm test)`, `Read(./secrets/**)`, `mcp__server__*`), parsed and checked when loaded.
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { pathRuleAccess, pathRuleTools, reinToolName } from './toolNames.js';

export type RuleEffect = 'allow' | 'ask' | 'deny';

export type RuleTarget =
  /** Every call of these tools. */
  | { kind: 'tool'; tools: string[] }
  /** Bash commands: `words` exactly, or starting with `words` when `prefix`. */
  | { kind: 'bash'; command: string; prefix: boolean }
  /** File tools on paths matching an absolute glob; `access` says whether the rule speaks of reading or writing. */
  | { kind: 'path'; tools: string[]; glob: string; access: 'read' | 'edit' }
  /** MCP tools: a whole server, or one tool (`*` = every tool) of it. */
  | { kind: 'mcp'; server: string; tool?: string }
  /** web_fetch of one host (`example.com`), its subdomains (`*.example.com`) or any host (`*`). */
  | { kind: 'domain'; tools: string[]; domain: string };

export interface PermissionRule {
  /** The rule as written. */
  text: string;
  effect: RuleEffect;
  target: RuleTarget;
  /** Where it comes from: a file path, `--allowedTools`, `this session`. */
  source: string;
  /** From a project's own file: such a rule never lifts the destructive guard, even once the project is trusted. */
  project?: boolean;
}

export interface RuleProblem {
  source: string;
  index: number;
  rule: string;
  problem: string;
}

export interface RuleContext {
  /** The project root: `./x` and `/x` patterns are relative to it. */
  workspace: string;
  home?: string;
}

/** Claude Code tools rein does not have: rules naming them are valid and simply never match. */
const foreignTools = new Set(['NotebookEdit', 'NotebookRead', 'SlashCommand', 'Skill']);
const reinTools = new Set(['bash', 'read_file', 'write_file', 'edit_file', 'glob', 'grep', 'bash_output', 'kill_task', 'todo_write', 'task', 'memory', 'web_fetch', 'web_search', 'ask_user', 'exit_plan_mode']);

function quotesBalanced(text: string): boolean {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote === "'") { if (ch === "'") quote = undefined; continue; }
    if (ch === '\\') { i++; continue; }
    if (quote === '"') { if (ch === '"') quote = undefined; continue; }
    if (ch === "'" || ch === '"') quote = ch;
  }
  return quote === undefined;
}

/** A path pattern as an absolute glob: `//x` absolute, `~/x` home, `/x` and `./x` and `x` in the project. */
function absolutePattern(pattern: string, ctx: RuleContext): string {
  const home = ctx.home ?? homedir();
  if (pattern.startsWith('//')) return pattern.slice(1);
  if (pattern === '~' || pattern.startsWith('~/')) return home + pattern.slice(1);
  if (pattern.startsWith('/')) return resolve(ctx.workspace, `.${pattern}`).replace(/\/$/, '') + (pattern.endsWith('/') ? '/**' : '');
  // A bare name such as `.env`, `secrets` or `*.pem` matches at any depth, and everything inside it, as in a gitignore file.
  if (!pattern.includes('/')) return `${resolve(ctx.workspace)}/**/${pattern}{,/**}`;
  const absolute = isAbsolute(pattern) ? pattern : resolve(ctx.workspace, pattern);
  return pattern.endsWith('/') ? `${absolute}/**` : absolute;
}

/** Parses one rule; returns the problem in words when it does not parse. */
export function parseRule(text: unknown, effect: RuleEffect, source: string, ctx: RuleContext): PermissionRule | string {
  if (typeof text !== 'string') return 'a rule must be a string';
  const trimmed = text.trim();
  const match = /^([A-Za-z_][A-Za-z0-9_-]*(?:__\*)?)(?:\(([\s\S]*)\))?$/.exec(trimmed);
  if (!match) return 'expected `Tool` or `Tool(specifier)`, such as `Bash(npm test)` or `Read(./src/**)`';
  const [, name, spec] = match;
  const rule = (target: RuleTarget): PermissionRule => ({ text: trimmed, effect, target, source });
  if (name.startsWith('mcp__')) {
    if (spec !== undefined) return 'an MCP rule takes no parentheses: write `mcp__server` or `mcp__server__tool`';
    const [server, ...tool] = name.slice(5).split('__');
    if (!server) return 'an MCP rule needs a server name: `mcp__server`';
    return rule({ kind: 'mcp', server, tool: tool.length > 0 ? tool.join('__') : undefined });
  }
  const tool = reinToolName(name);
  if (!reinTools.has(tool) && !foreignTools.has(name)) return `unknown tool "${name}"`;
  if (spec === undefined || spec.trim() === '' || spec.trim() === '*') return rule({ kind: 'tool', tools: [tool] });
  if (tool === 'bash') {
    let command = spec.trim();
    let prefix = false;
    if (command.endsWith(':*')) { command = command.slice(0, -2).trim(); prefix = true; }
    else if (command.endsWith(' *')) { command = command.slice(0, -2).trim(); prefix = true; }
    if (command === '') return 'the command before `:*` is empty';
    if (command.includes(':*')) return '`:*` may only end a rule';
    if (!quotesBalanced(command)) return 'the command has an unclosed quote';
    return rule({ kind: 'bash', command, prefix });
  }
  if (tool === 'web_fetch') {
    const domain = /^domain:(\S+)$/.exec(spec.trim())?.[1]?.toLowerCase();
    if (!domain) return 'a WebFetch rule names a domain: `WebFetch(domain:example.com)`';
    return rule({ kind: 'domain', tools: ['web_fetch'], domain });
  }
  const tools = pathRuleTools[name];
  if (tools) return rule({ kind: 'path', tools: [...tools], glob: absolutePattern(spec.trim(), ctx), access: pathRuleAccess(name) });
  if (foreignTools.has(name)) return rule({ kind: 'tool', tools: [name] });
  return `${name} takes no specifier; write \`${name}\` alone`;
}

/** Parses every rule of one `permissions` object; problems are returned, never dropped. */
export function parseRuleLists(value: unknown, source: string, ctx: RuleContext): { rules: PermissionRule[]; problems: RuleProblem[] } {
  const rules: PermissionRule[] = [];
  const problems: RuleProblem[] = [];
  if (value === undefined) return { rules, problems };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { rules, problems: [{ source, index: 0, rule: JSON.stringify(value), problem: 'permissions must be an object with allow, ask and deny lists' }] };
  }
  const lists = value as Record<string, unknown>;
  for (const effect of ['allow', 'ask', 'deny'] as const) {
    const list = lists[effect];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push({ source: `${source} permissions.${effect}`, index: 0, rule: typeof list === 'string' ? list : JSON.stringify(list), problem: 'must be a list of rules' });
      continue;
    }
    list.forEach((text, index) => {
      const parsed = parseRule(text, effect, source, ctx);
      if (typeof parsed === 'string') problems.push({ source: `${source} permissions.${effect}`, index, rule: String(text), problem: parsed });
      else rules.push(parsed);
    });
  }
  return { rules, problems };
}

export function describeProblem(p: RuleProblem): string {
  return `Permission rule ${p.index} in ${p.source} ("${p.rule}") was not used: ${p.problem}.`;
}
