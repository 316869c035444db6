// Reads the `hooks` key of agent.config.json layers and Claude Code's settings files, in Claude Code's shape.
import { hookEventNames, type HookCommand, type HookEventName } from './hookTypes.js';

export const defaultHookTimeoutMs = 60_000;

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

/** Every command of every source, lowest layer first; a bad entry is reported and left out, the rest still run. */
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
        const matcher = group.matcher === undefined ? '' : group.matcher;
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
          if (!isObject(entry) || entry.type !== 'command' || typeof entry.command !== 'string' || entry.command.trim() === '') {
            const type = isObject(entry) && typeof entry.type === 'string' && entry.type !== 'command' ? ` (type "${entry.type}" is not supported)` : '';
            problems.push(`${one} must be {"type": "command", "command": "..."}${type}; it was not loaded.`);
            return;
          }
          const timeout = entry.timeout;
          if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0))) {
            problems.push(`${one} has a timeout that is not a positive number of seconds; it was not loaded.`);
            return;
          }
          hooks.push({
            event: event as HookEventName,
            matcher,
            command: entry.command,
            timeoutMs: typeof timeout === 'number' ? Math.round(timeout * 1000) : defaultHookTimeoutMs,
            file: source.file,
            scope: source.scope,
          });
        });
      });
    }
  }
  return { hooks, problems };
}
