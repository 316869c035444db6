// Turns rein's AgentEvents into ACP session/update payloads: message and thought chunks, tool calls, the plan, the mode.
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { SessionUpdate, ToolCallContent, ToolCallLocation, ToolKind } from '@agentclientprotocol/sdk';
import type { AgentEvent, EventOf } from '../../protocol/events.js';
import type { TodoItem } from '../../protocol/tools.js';

const kinds: Record<string, ToolKind> = {
  read_file: 'read', edit_file: 'edit', write_file: 'edit', bash: 'execute', bash_output: 'read', kill_task: 'execute',
  grep: 'search', glob: 'search', web_fetch: 'fetch', web_search: 'fetch', exit_plan_mode: 'switch_mode', task: 'think',
};

const toolKind = (name: string): ToolKind => kinds[name] ?? 'other';

/** The file a call touches, absolute (ACP paths always are), when its input names one. */
function callPath(input: Record<string, unknown>, cwd: string): string | undefined {
  const path = input.path ?? input.file_path;
  if (typeof path !== 'string' || path === '') return undefined;
  return isAbsolute(path) ? path : resolve(cwd, path);
}

function locations(input: Record<string, unknown>, cwd: string): ToolCallLocation[] {
  const path = callPath(input, cwd);
  const line = typeof input.offset === 'number' ? input.offset : undefined;
  return path ? [{ path, ...(line !== undefined ? { line } : {}) }] : [];
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The whole file before and after an edit_file or write_file call, as ACP's diff content wants it (read before the call runs). */
function editDiff(name: string, input: Record<string, unknown>, cwd: string, read = readOrUndefined): ToolCallContent[] {
  const path = callPath(input, cwd);
  if (!path) return [];
  if (name === 'write_file' && typeof input.content === 'string') {
    return [{ type: 'diff', path, oldText: read(path) ?? null, newText: input.content }];
  }
  if (name === 'edit_file' && typeof input.old_string === 'string' && typeof input.new_string === 'string') {
    const before = read(path);
    if (before === undefined) return [];
    const after = input.replace_all === true ? before.split(input.old_string).join(input.new_string) : before.replace(input.old_string, () => String(input.new_string));
    return [{ type: 'diff', path, oldText: before, newText: after }];
  }
  return [];
}

const planOf = (todos: TodoItem[]): SessionUpdate => ({
  sessionUpdate: 'plan',
  entries: todos.map((t) => ({ content: t.status === 'in_progress' ? t.activeForm || t.content : t.content, priority: 'medium', status: t.status })),
});

const text = (value: string) => ({ type: 'text' as const, text: value });

/**
 * Keeps what one session's stream has shown (which tool calls were announced, with what diff) so each event maps to
 * the right update. `replay` is for a saved log: it has whole messages, no deltas.
 */
export class UpdateMapper {
  private readonly announced = new Set<string>();
  private readonly diffs = new Map<string, ToolCallContent[]>();
  /** The editor's text of files about to be edited, fetched before the event is mapped. */
  private readonly buffers = new Map<string, string | undefined>();
  private readonly readFile: (path: string) => string | undefined;

  constructor(
    private readonly cwd: string, readFile: (path: string) => string | undefined = readOrUndefined,
    private readonly editorText?: (path: string) => Promise<string>,
  ) {
    this.readFile = (path) => (this.buffers.has(path) ? this.buffers.get(path) : readFile(path));
  }

  /** When the editor holds the files, an edit's "before" is its buffer: fetched here, as `map` cannot wait. */
  async prefetch(e: AgentEvent): Promise<void> {
    if (!this.editorText || (e.type !== 'approval_request' && e.type !== 'tool_start') || (e.name !== 'edit_file' && e.name !== 'write_file')) return;
    if (e.type === 'tool_start' && this.diffs.has(e.toolCallId)) return;
    const path = callPath(e.input, this.cwd);
    if (path) this.buffers.set(path, await this.editorText(path).catch(() => undefined));
  }

  /** The permission request's view of a call: title, kind, where, and the diff it would apply. */
  approvalCall(e: EventOf<'approval_request'>) {
    const content = editDiff(e.name, e.input, this.cwd, this.readFile);
    if (content.length > 0) this.diffs.set(e.toolCallId, content);
    return { toolCallId: e.toolCallId, title: e.summary ? `${e.name} ${e.summary}` : e.name, kind: toolKind(e.name), status: 'pending' as const, rawInput: e.input, locations: locations(e.input, this.cwd), content };
  }

  map(e: AgentEvent, replay = false): SessionUpdate[] {
    // A subagent's inner steps stay inside its task call, as in the TUI.
    if (e.agentId !== undefined) return [];
    switch (e.type) {
      case 'text_delta':
        return replay || e.text === '' ? [] : [{ sessionUpdate: 'agent_message_chunk', content: text(e.text) }];
      case 'thinking_delta':
        return replay || e.text === '' ? [] : [{ sessionUpdate: 'agent_thought_chunk', content: text(e.text) }];
      case 'run_start':
        return replay && !e.continued && e.prompt ? [{ sessionUpdate: 'user_message_chunk', content: text(e.prompt) }] : [];
      case 'message_end':
        if (!replay) return [];
        return e.message.content.flatMap((block): SessionUpdate[] => {
          if (block.type === 'text' && block.text) return [{ sessionUpdate: 'agent_message_chunk', content: text(block.text) }];
          if (block.type === 'thinking' && block.thinking) return [{ sessionUpdate: 'agent_thought_chunk', content: text(block.thinking) }];
          return [];
        });
      case 'tool_call_start':
        return this.announce(e.toolCallId, e.name, {});
      case 'approval_request': {
        const call = this.approvalCall(e);
        return [...this.announce(e.toolCallId, e.name, e.input), { sessionUpdate: 'tool_call_update', ...call }];
      }
      case 'tool_start': {
        const content = this.diffs.get(e.toolCallId) ?? (replay ? [] : editDiff(e.name, e.input, this.cwd, this.readFile));
        if (content.length > 0) this.diffs.set(e.toolCallId, content);
        return [...this.announce(e.toolCallId, e.name, e.input), {
          sessionUpdate: 'tool_call_update', toolCallId: e.toolCallId, title: e.summary ? `${e.name} ${e.summary}` : e.name,
          status: 'in_progress', rawInput: e.input, locations: locations(e.input, this.cwd), ...(content.length > 0 ? { content } : {}),
        }];
      }
      case 'tool_progress':
        return replay ? [] : [{ sessionUpdate: 'tool_call_update', toolCallId: e.toolCallId, content: [{ type: 'content', content: text(e.text) }] }];
      case 'tool_end': {
        const diff = e.result.isError ? [] : (this.diffs.get(e.toolCallId) ?? []);
        this.diffs.delete(e.toolCallId);
        const shown: ToolCallContent[] = [...diff, ...(e.result.content ? [{ type: 'content' as const, content: text(e.result.content) }] : [])];
        return [...this.announce(e.toolCallId, e.name, {}), {
          sessionUpdate: 'tool_call_update', toolCallId: e.toolCallId, status: e.result.isError || e.denied ? 'failed' : 'completed',
          content: shown, rawOutput: { content: e.result.content, isError: e.result.isError },
        }];
      }
      case 'todos':
        return [planOf(e.todos)];
      case 'mode_change':
        return [{ sessionUpdate: 'current_mode_update', currentModeId: e.mode }];
      case 'warning':
      case 'error':
        return replay ? [] : [{ sessionUpdate: 'agent_message_chunk', content: text(`\n\n${e.type === 'error' ? 'Error' : 'Warning'}: ${e.message}\n\n`) }];
      default:
        return [];
    }
  }

  private announce(toolCallId: string, name: string, input: Record<string, unknown>): SessionUpdate[] {
    if (this.announced.has(toolCallId)) return [];
    this.announced.add(toolCallId);
    return [{ sessionUpdate: 'tool_call', toolCallId, title: name, kind: toolKind(name), status: 'pending', rawInput: input, locations: locations(input, this.cwd) }];
  }
}
