// A scripted MCP side of a FakeSession for screen tests: servers, and every call the screen makes.
import type { McpServerStatus } from '../../source/protocol/events.js';
import type { McpControl } from '../../source/engine/sessionTypes.js';
import type { FakeSession } from './fakeSession.js';

export const serverStatus = (name: string, status: McpServerStatus['status'], extra: Partial<McpServerStatus> = {}): McpServerStatus => ({
  name, status, transport: 'stdio', scope: 'project', toolCount: status === 'connected' ? 2 : 0, ...extra,
});

export class FakeMcp implements McpControl {
  readonly reconnects: string[] = [];
  readonly toggles: Array<[string, boolean]> = [];
  /** Thrown (as a rejection) by the next reconnect or setEnabled call. */
  failNext?: string;

  constructor(
    private readonly session: FakeSession,
    public servers: McpServerStatus[],
    public toolsOf: Record<string, { name: string; description?: string }[]> = {},
  ) {
    session.mcp = this;
  }

  /** Tells the screen about a change, as the session does with every status change. */
  changed(): void {
    this.session.emit({ type: 'mcp_status', sessionId: this.session.info.sessionId, servers: this.status() });
  }

  status(): McpServerStatus[] {
    return this.servers;
  }

  private failure(): Promise<void> | undefined {
    const message = this.failNext;
    this.failNext = undefined;
    return message === undefined ? undefined : Promise.reject(new Error(message));
  }

  /** Resources per server, as listResources answers. */
  resourcesOf: Record<string, { uri: string; name: string; template?: boolean }[]> = {};

  async listResources(name: string): Promise<{ uri: string; name: string; template?: boolean }[]> {
    return this.resourcesOf[name] ?? [];
  }

  promptCommands(): never[] {
    return [];
  }

  async reconnect(name: string): Promise<void> {
    await this.failure();
    this.reconnects.push(name);
  }

  async setEnabled(name: string, enabled: boolean): Promise<void> {
    await this.failure();
    this.toggles.push([name, enabled]);
    this.servers = this.servers.map((s) => (s.name === name ? { ...s, status: enabled ? 'connecting' : 'disabled', toolCount: 0 } : s));
    this.changed();
  }

  serverTools(name: string): { name: string; description?: string }[] {
    return this.toolsOf[name] ?? [];
  }
}
