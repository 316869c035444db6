// Reads the `hooks` key of agent.config.json layers and Claude Code's settings files, in Claude Code's shape.
import { defaultTimeoutMs, eventsNotRun, typesFor } from './hookEvents.js';
import { checkData, issuePath, issueSentence, type FileIssue } from '../config/fileCheck.js';
import { hookGroupListSchema, hookGroupSchema, hookHandlerSchema, hooksSchema } from './hookSchema.js';
import { hookEventNames, type HookCommand, type HookEventName, type HookHandlerType } from './hookTypes.js';

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
const stringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
const stringMap = (value: unknown): value is Record<string, string> => isObject(value) && Object.values(value).every((v) => typeof v === 'string');

/** A matcher that is not a valid regular expression; undefined when it is fine. */
function matcherProblem(matcher: string): string | undefined {
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

/** A handler entry the schema passed, as a HookCommand. */
function readHandler(entry: Record<string, unknown>, type: HookHandlerType, event: HookEventName, matcher: string, source: HooksSource): HookCommand {
  const timeout = entry.timeout;
  const base: HookCommand = {
    event, matcher, command: '', type, file: source.file, scope: source.scope,
    timeoutMs: typeof timeout === 'number' ? Math.round(timeout * 1000) : defaultTimeoutMs(event, type),
    ...(typeof entry.if === 'string' ? { if: entry.if } : {}),
  };
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (type) {
    case 'command':
      return { ...base, command: text(entry.command), ...(stringList(entry.args) ? { args: entry.args } : {}), ...(entry.async === true || entry.asyncRewake === true ? { async: true } : {}) };
    case 'http':
      return { ...base, command: describeHandler(entry, type), url: text(entry.url), headers: stringMap(entry.headers) ? entry.headers : {}, allowedEnvVars: stringList(entry.allowedEnvVars) ? entry.allowedEnvVars : [] };
    case 'prompt':
    case 'agent':
      return { ...base, command: describeHandler(entry, type), prompt: text(entry.prompt), ...(typeof entry.model === 'string' ? { model: entry.model } : {}) };
    case 'mcp_tool':
      return { ...base, command: describeHandler(entry, type), server: text(entry.server), tool: text(entry.tool), input: isObject(entry.input) ? entry.input : {} };
  }
}

/** Fields Claude Code documents that rein reads but does not act on, each named once in a warning. */
function unsupportedFields(entry: Record<string, unknown>, file: string, at: string): string[] {
  const out: string[] = [];
  const where = `${file}: ${at}`;
  if (entry.asyncRewake === true) out.push(`${where} sets "asyncRewake": rein runs it in the background like "async" but does not wake an idle session when it exits with code 2.`);
  if (entry.shell === 'powershell') out.push(`${where} sets "shell": "powershell": rein runs hook commands with bash.`);
  if (typeof entry.statusMessage === 'string') out.push(`${where} sets "statusMessage": rein does not show a message while a hook runs.`);
  return out;
}

const notLoaded = 'it was not loaded';
const noneLoaded = 'its hooks were not loaded';

/** Every handler of every source, lowest layer first; a bad entry is reported and left out, the rest still run. */
export function loadHooks(sources: readonly HooksSource[]): LoadedHooks {
  const hooks: HookCommand[] = [];
  const problems: string[] = [];
  for (const source of sources) {
    const say = (issues: FileIssue[], consequence?: string) => problems.push(...issues.map((issue) => issueSentence(source.file, issue, consequence)));
    const rootIssues = checkData(hooksSchema, source.hooks, 'hooks');
    if (rootIssues.length > 0 || !isObject(source.hooks)) {
      say(rootIssues, noneLoaded);
      continue;
    }
    for (const [event, groups] of Object.entries(source.hooks)) {
      const at = issuePath('hooks', `/${event.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      if (eventsNotRun[event] !== undefined) {
        say([{ path: at, problem: `is an event rein does not run: ${eventsNotRun[event]}` }]);
        continue;
      }
      if (!(hookEventNames as readonly string[]).includes(event)) {
        say([{ path: at, problem: `is not an event rein knows (known: ${hookEventNames.join(', ')})` }], noneLoaded);
        continue;
      }
      const listIssues = checkData(hookGroupListSchema, groups, at);
      if (listIssues.length > 0 || !Array.isArray(groups)) {
        say(listIssues, noneLoaded);
        continue;
      }
      groups.forEach((group: unknown, index) => {
        const groupAt = `${at}[${index}]`;
        const groupIssues = checkData(hookGroupSchema, group, groupAt);
        if (groupIssues.length > 0 || !isObject(group) || !Array.isArray(group.hooks)) {
          say(groupIssues, notLoaded);
          return;
        }
        const matcher = typeof group.matcher === 'string' ? group.matcher : '';
        const bad = matcherProblem(matcher);
        if (bad) {
          say([{ path: `${groupAt}.matcher`, problem: `is not a valid regular expression (${bad})` }], notLoaded);
          return;
        }
        group.hooks.forEach((entry: unknown, n) => {
          const one = `${groupAt}.hooks[${n}]`;
          const entryIssues = checkData(hookHandlerSchema, entry, one);
          if (entryIssues.length > 0 || !isObject(entry)) {
            say(entryIssues, notLoaded);
            return;
          }
          const type = (entry.type ?? 'command') as HookHandlerType;
          const runs = typesFor(event as HookEventName);
          if (!runs.includes(type)) {
            say([{ path: `${one}.type`, problem: `must be one of ${runs.join(', ')} for ${event} (got ${JSON.stringify(type)})` }], notLoaded);
            return;
          }
          problems.push(...unsupportedFields(entry, source.file, one));
          hooks.push(readHandler(entry, type, event as HookEventName, matcher, source));
        });
      });
    }
  }
  return { hooks, problems };
}
