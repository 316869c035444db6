// --debug [filter]: every event of the session, one timestamped line each, in $REIN_HOME/debug/<session>.txt.
import { appendFileSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentEvent } from '../protocol/events.js';
import { redactSecrets } from '../util/redact.js';

/** Each event's category, as a filter names it ("api,tools", "!mcp"); streamed pieces are `stream`, off unless named. */
const categories: Partial<Record<AgentEvent['type'], string>> = {
  message_start: 'api', message_end: 'api', retry: 'api', usage: 'api', model_fallback: 'api', error: 'api',
  text_delta: 'stream', thinking_delta: 'stream', tool_call_delta: 'stream', tool_call_start: 'stream',
  tool_start: 'tools', tool_progress: 'tools', tool_end: 'tools', todos: 'tools', background_task: 'tools',
  approval_request: 'permissions', approval_resolved: 'permissions', rules_added: 'permissions', mode_change: 'permissions',
  hook: 'hooks', mcp_status: 'mcp', compaction: 'context',
};

const categoryOf = (event: AgentEvent) => categories[event.type] ?? 'session';

/** Whether a filter lets a category through: named ones only, or all but the negated ones; `stream` only when named. */
function debugFilter(filter: string | undefined): (category: string) => boolean {
  const parts = (filter ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const wanted = parts.filter((p) => !p.startsWith('!'));
  const unwanted = new Set(parts.filter((p) => p.startsWith('!')).map((p) => p.slice(1)));
  return (category) => (wanted.length > 0 ? wanted.includes(category) : category !== 'stream' && !unwanted.has(category));
}

/** Opens the log (and points `latest` at it); returns the observer to give the session, and the file. */
export function openDebugLog(o: { reinHome: string; sessionId: string; filter?: string }): { file: string; observe: (event: AgentEvent) => void } {
  const dir = join(o.reinHome, 'debug');
  const file = join(dir, `${o.sessionId}.txt`);
  mkdirSync(dir, { recursive: true });
  appendFileSync(file, `${new Date().toISOString()} [DEBUG] [session] debug log of session ${o.sessionId}${o.filter ? ` (filter: ${o.filter})` : ''}\n`);
  try {
    rmSync(join(dir, 'latest'), { force: true });
    symlinkSync(file, join(dir, 'latest'));
  } catch {
    // A file system without symbolic links still gets the log itself.
  }
  const passes = debugFilter(o.filter);
  const observe = (event: AgentEvent) => {
    const category = categoryOf(event);
    if (!passes(category)) return;
    const { type, ...rest } = event;
    try {
      appendFileSync(file, `${new Date().toISOString()} [DEBUG] [${category}] ${type} ${redactSecrets(JSON.stringify(rest)).slice(0, 4000)}\n`);
    } catch {
      // A debug log that cannot be written never stops the session.
    }
  };
  return { file, observe };
}
