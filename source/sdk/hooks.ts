// A program's hooks and canUseTool as the engine takes them: function handlers beside the configured ones, and the
// callback that answers what would ask.
import { hookEventNames, type HookCommand, type HookEventName } from '../extensions/hookTypes.js';
import type { AskFallback } from '../engine/askFallback.js';
import type { CanUseTool, HookCallback, HookInput, HookOptions } from './types.js';

const defaultTimeoutSeconds = 60;

/** One HookCommand per function, labelled so each stays a handler of its own (identical handlers run once). */
export function programHooks(hooks: HookOptions | undefined): HookCommand[] {
  const out: HookCommand[] = [];
  for (const [event, entries] of Object.entries(hooks ?? {})) {
    if (!(hookEventNames as readonly string[]).includes(event)) {
      throw new Error(`hooks has an event rein does not run: "${event}"; use one of ${hookEventNames.join(', ')}.`);
    }
    for (const entry of entries ?? []) {
      const { matcher, functions, timeout } = typeof entry === 'function'
        ? { matcher: '', functions: [entry], timeout: defaultTimeoutSeconds }
        : { matcher: entry.matcher ?? '', functions: entry.hooks, timeout: entry.timeout ?? defaultTimeoutSeconds };
      if (!(typeof timeout === 'number' && timeout > 0)) throw new Error(`hooks.${event} has a timeout that is not a positive number of seconds.`);
      if (!Array.isArray(functions)) throw new Error(`hooks.${event} has an entry without a hooks list; give { matcher, hooks: [async (input) => ({ ... })] }.`);
      for (const fn of functions) {
        if (typeof fn !== 'function') throw new Error(`hooks.${event} has an entry that is not a function; give async (input) => ({ ... }).`);
        out.push({
          event: event as HookEventName, matcher, type: 'function', command: `${fn.name || 'function'} (hook ${out.length + 1})`,
          timeoutMs: timeout * 1000, file: 'the program', scope: 'user', run: runner(fn),
        });
      }
    }
  }
  return out;
}

function runner(fn: HookCallback): NonNullable<HookCommand['run']> {
  return (input, signal) => {
    const hookInput = input as HookInput;
    return fn(hookInput, typeof hookInput.tool_use_id === 'string' ? hookInput.tool_use_id : undefined, { signal });
  };
}

/** canUseTool as the engine's ask fallback; an answer that is neither allow nor deny denies, saying why. */
export function askFallbackOf(canUseTool: CanUseTool): AskFallback {
  return async (request, signal) => {
    const answer = await canUseTool(request.toolName, request.input, { signal, toolUseId: request.toolUseId });
    if (answer?.behavior === 'allow') return answer.updatedInput ? { behavior: 'allow', updatedInput: answer.updatedInput } : { behavior: 'allow' };
    if (answer?.behavior === 'deny') return { behavior: 'deny', message: answer.message || `canUseTool denied this ${request.toolName} call.` };
    return { behavior: 'deny', message: `canUseTool answered neither {behavior: 'allow'} nor {behavior: 'deny'} for this ${request.toolName} call, so it was denied.` };
  };
}
