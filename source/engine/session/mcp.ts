// The session's side of its MCP servers: waits for start-up before a run's first request, and routes their notices
// into the run's own stream (so headless output shows them) or to subscribers between runs.
import type { McpServerStatus } from '../../protocol/events.js';
import type { McpSessionSource } from '../../mcp/types.js';
import { attachedResource, findResourceMentions } from '../../mcp/resources.js';
import { errorMessage } from '../../util/errors.js';

/** A prompt after MCP expansion: the text the model gets, warnings to show, or why it cannot be sent at all. */
export interface ExpandedPrompt {
  text: string;
  warnings: string[];
  error?: string;
}

const promptCommandPattern = /^\/(mcp__[A-Za-z0-9_-]+)(?:\s+([\s\S]*))?$/;
const reason = (error: unknown): string => errorMessage(error);

export interface SessionMcpHooks {
  runActive: () => boolean;
  hasListeners: () => boolean;
  /** A warning outside any run. */
  warn: (message: string) => void;
  status: (servers: McpServerStatus[]) => void;
}

export class SessionMcp {
  private readonly queued: string[];

  constructor(private readonly mcp: McpSessionSource | undefined, hooks: SessionMcpHooks) {
    this.queued = [...(mcp?.takeNotices() ?? [])];
    mcp?.onNotice((message) => {
      // Nobody listens yet (the screen is still loading): the next run shows it.
      if (!hooks.runActive() && hooks.hasListeners()) hooks.warn(message);
      else this.queued.push(message);
    });
    mcp?.onChange(() => hooks.status(mcp.status()));
  }

  /** Notices waiting to be shown, handed over once. */
  take(): string[] {
    return this.queued.splice(0);
  }

  /**
   * `/mcp__server__prompt args` becomes the prompt's messages; each `@server:uri` gets that resource's content
   * attached. A resource that cannot be read is one warning and the message is still sent.
   */
  async expand(text: string, signal: AbortSignal): Promise<ExpandedPrompt> {
    const warnings: string[] = [];
    let body = text;
    const command = promptCommandPattern.exec(text.trim());
    if (command && this.mcp) {
      try {
        body = await this.mcp.runPromptCommand(command[1], (command[2] ?? '').trim(), signal);
      } catch (error) {
        return { text, warnings, error: reason(error) };
      }
    }
    const attachments: string[] = [];
    for (const mention of findResourceMentions(body)) {
      if (!this.mcp) {
        warnings.push(`${mention.text} was not attached: no MCP servers are configured.`);
        continue;
      }
      try {
        const resource = await this.mcp.readResource(mention.server, mention.uri, signal);
        attachments.push(attachedResource(mention, resource.text));
      } catch (error) {
        warnings.push(`${mention.text} was not attached: ${reason(error).replace(/\.$/, '')}; the message was sent without it.`);
      }
    }
    return { text: attachments.length > 0 ? `${body}\n\n${attachments.join('\n\n')}` : body, warnings };
  }

  /** Resolves once no server is still connecting (each bounded by its start-up timeout), or at once on Esc. */
  async ready(signal: AbortSignal): Promise<void> {
    if (!this.mcp || signal.aborted) return;
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<void>((resolve) => {
      onAbort = resolve;
      signal.addEventListener('abort', onAbort, { once: true });
    });
    await Promise.race([this.mcp.whenReady(), aborted]);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}
