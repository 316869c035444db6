// Reads the `hooks` key of agent.config.json layers and Claude Code's settings files, in Claude Code's shape.
import { defaultTimeoutMs, eventsNotRun, typesFor } from './hookEvents.js';
import { hookEventNames, type HookCommand, type HookEventName, type HookHandlerType } from './hookTypes.js';

/** The default for a command hook on most events (Claude Code's 600 s); hookEvents.ts has the rest. */
export const defaultHookTimeoutMs = 600_000;

/** The raw `hooks` value of one file, and whose it is. */
export interface HooksSource {
  file: string;
  scope: 'user' | 'project';
  hooks: unknown;
}

export interface LoadedHooks {
  hooks: HookCommand[];
  /** One sentence per entry left out. */
  problems: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const handlerTypes: readonly HookHandlerType[] = ['command', 'http', 'prompt', 'mcp_tool', 'agent'];
const stringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
const stringMap = (value: unknown): value is Record<string, string> => isObject(value) && Object.values(value).every((v) => typeof v === 'string');

/** A matcher that is not a valid regular expression; undefined when it is fine. */
export function matcherProblem(matcher: string): string | undefined {
  if (matcher === '' || matcher === '*') return undefined;
  try {
    new RegExp(matcher);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** What a loaded handler does in one line, as the trust question shows it (exec-form arguments quoted). */
export function describeHook(hook: HookCommand): string {
  return hook.args && hook.args.length > 0 ? [hook.command, ...hook.args.map((a) => JSON.stringify(a))].join(' ') : hook.command;
}

/** What a handler entry does in one line: notes and duplicate detection use it. */
function describeHandler(entry: Record<string, unknown>, type: HookHandlerType): string {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (type) {
    case 'command':
      return stringList(entry.args) && entry.args.length > 0 ? [text(entry.command), ...entry.args.map((a) => JSON.stringify(a))].join(' ') : text(entry.command);
    case 'http':
      return `POST ${text(entry.url)}`;
    case 'mcp_tool':
      return `MCP tool ${text(entry.server)}/${text(entry.tool)}`;
    case 'prompt':
    case 'agent':
      return `${type}: ${text(entry.prompt)}`;
  }
}

/** The handler entry as a HookCommand, or why it cannot be used. */
function readHandler(entry: unknown, event: HookEventName, matcher: string, source: HooksSource): HookCommand | string {
  if (!isObject(entry)) return 'must be an object such as {"type": "command", "command": "..."}';
  const type = (entry.type ?? 'command') as HookHandlerType;
  if (!handlerTypes.includes(type)) return `has type ${JSON.stringify(entry.type)}, which Claude Code does not define (command, http, prompt, mcp_tool, agent)`;
  if (!typesFor(event).includes(type)) return `is a ${type} hook, which ${event} does not run (it takes ${typesFor(event).join(', ')})`;
  const timeout = entry.timeout;
  if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0))) return 'has a timeout that is not a positive number of seconds';
  if (entry.if !== undefined && typeof entry.if !== 'string') return 'has an "if" that is not a permission rule string';
  const base: HookCommand = {
    event, matcher, command: '', type, file: source.file, scope: source.scope,
    timeoutMs: typeof timeout === 'number' ? Math.round(timeout * 1000) : defaultTimeoutMs(event, type),
    ...(typeof entry.if === 'string' ? { if: entry.if } : {}),
  };
  switch (type) {
    case 'command':
      if (typeof entry.command !== 'string' || entry.command.trim() === '') return 'must have a "command" string';
      if (entry.args !== undefined && !stringList(entry.args)) return 'has "args" that are not a list of strings';
      return { ...base, command: entry.command, ...(stringList(entry.args) ? { args: entry.args } : {}), ...(entry.async === true || entry.asyncRewake === true ? { async: true } : {}) };
    case 'http':
      if (typeof entry.url !== 'string' || !/^https?:\/\//.test(entry.url)) return 'must have a "url" starting with http:// or https://';
      if (entry.headers !== undefined && !stringMap(entry.headers)) return 'has "headers" that are not an object of strings';
      if (entry.allowedEnvVars !== undefined && !stringList(entry.allowedEnvVars)) return 'has "allowedEnvVars" that is not a list of names';
      return { ...base, command: describeHandler(entry, type), url: entry.url, headers: stringMap(entry.headers) ? entry.headers : {}, allowedEnvVars: stringList(entry.allowedEnvVars) ? entry.allowedEnvVars : [] };
    case 'prompt':
    case 'agent':
      if (typeof entry.prompt !== 'string' || entry.prompt.trim() === '') return 'must have a "prompt" string';
      return { ...base, command: describeHandler(entry, type), prompt: entry.prompt, ...(typeof entry.model === 'string' ? { model: entry.model } : {}) };
    case 'mcp_tool':
      if (typeof entry.server !== 'string' || typeof entry.tool !== 'string') return 'must name a "server" and a "tool"';
      if (entry.input !== undefined && !isObject(entry.input)) return 'has an "input" that is not an object';
      return { ...base, command: describeHandler(entry, type), server: entry.server, tool: entry.tool, input: isObject(entry.input) ? entry.input : {} };
  }
}

/** Fields Claude Code documents that rein reads but does not act on, each named once in a warning. */
function unsupportedFields(entry: Record<string, unknown>, where: string): string[] {
  const out: string[] = [];
  if (entry.asyncRewake === true) out.push(`${where} sets "asyncRewake": rein runs it in the background like "async" but does not wake an idle session when it exits with code 2.`);
  if (entry.shell === 'powershell') out.push(`${where} sets "shell": "powershell": rein runs hook commands with bash.`);
  if (typeof entry.statusMessage === 'string') out.push(`${where} sets "statusMessage": rein does not show a message while a hook runs.`);
  return out;
}

/** Every handler of every source, lowest layer first; a bad entry is reported and left out, the rest still run. */
export function loadHooks(sources: readonly HooksSource[]): LoadedHooks {
  const hooks: HookCommand[] = [];
  const problems: string[] = [];
  for (const source of sources) {
    const where = `"hooks" in ${source.file}`;
    if (!isObject(source.hooks)) {
      problems.push(`${where} must be an object of event names ({"PreToolUse": [...]}); its hooks were not loaded.`);
      continue;
    }
    for (const [event, groups] of Object.entries(source.hooks)) {
      if (eventsNotRun[event] !== undefined) {
        problems.push(`${where} configures ${event} hooks, which rein does not run: ${eventsNotRun[event]}.`);
        continue;
      }
      if (!(hookEventNames as readonly string[]).includes(event)) {
        problems.push(`${where} names an unknown event "${event}" (known: ${hookEventNames.join(', ')}); its hooks were not loaded.`);
        continue;
      }
      if (!Array.isArray(groups)) {
        problems.push(`${where} ${event} must be a list of {"matcher", "hooks"} entries; its hooks were not loaded.`);
        continue;
      }
      groups.forEach((group: unknown, index) => {
        const at = `${where} ${event}[${index}]`;
        if (!isObject(group) || !Array.isArray(group.hooks)) {
          problems.push(`${at} must be {"matcher": "...", "hooks": [{"type": "command", "command": "..."}]}; it was not loaded.`);
          return;
        }
        const matcher = group.matcher === undefined || group.matcher === null ? '' : group.matcher;
        if (typeof matcher !== 'string') {
          problems.push(`${at} has a matcher that is not a string; it was not loaded.`);
          return;
        }
        const bad = matcherProblem(matcher);
        if (bad) {
          problems.push(`${at} has a matcher that is not a valid regular expression (${bad}); it was not loaded.`);
          return;
        }
        group.hooks.forEach((entry: unknown, n) => {
          const one = `${at}.hooks[${n}]`;
          const read = readHandler(entry, event as HookEventName, matcher, source);
          if (typeof read === 'string') {
            problems.push(`${one} ${read}; it was not loaded.`);
            return;
          }
          problems.push(...unsupportedFields(entry as Record<string, unknown>, one));
          hooks.push(read);
        });
      });
    }
  }
  return { hooks, problems };
}
