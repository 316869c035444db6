// The session's side of its MCP servers: waits for start-up before a run's first request, and routes their notices
// into the run's own stream (so headless output shows them) or to subscribers between runs.
import type { McpServerStatus } from './events.js';
import type { McpSessionSource } from '../mcp/types.js';

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
