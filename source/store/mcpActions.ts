// The screen's side of a session's MCP servers and project trust: the trust question in the store (servers and
// hooks), its answer, and the /mcp panel's actions (reconnect, on/off, a server's tools).
import type { McpControl } from '../engine/sessionTypes.js';
import type { McpResourceInfo } from '../mcp/types.js';
import type { HookControl } from '../extensions/hookTypes.js';
import { addNotice } from './localActions.js';
import type { AppState } from './state.js';
import { sameTrustRequest, trustRequestOf, type TrustDecision } from './trust.js';

export interface McpActions {
  /** Reads what waits for trust now and puts it into the state (kept as is when unchanged). */
  withTrust(state: AppState): AppState;
  /** Answers the trust question for every item it lists; the answer is remembered for the project. */
  answerTrust(decision: TrustDecision): void;
  /** Stops the named server and connects it again; rejects with a plain sentence when it cannot. */
  reconnect(name: string): Promise<void>;
  /** Turns the named server on or off for this session; rejects with a plain sentence when it cannot. */
  setEnabled(name: string, enabled: boolean): Promise<void>;
  /** The named server's tools as it lists them (empty unless connected). */
  tools(name: string): { name: string; description?: string }[];
  /** The named server's resources and resource templates; rejects with a plain sentence when they cannot be listed. */
  resources(name: string): Promise<McpResourceInfo[]>;
}

const names = (items: readonly { name: string }[]): string => items.map((i) => i.name).join(', ');

export function createMcpActions(mcp: McpControl | undefined, update: (change: (state: AppState) => AppState) => void, hooks?: HookControl): McpActions {
  const noServers = (): Promise<void> => Promise.reject(new Error('No MCP servers are configured in this session.'));
  const withTrust = (state: AppState): AppState => {
    const request = trustRequestOf({ mcp: mcp?.pendingTrust(), hooks: hooks?.pendingTrust() });
    return sameTrustRequest(state.trust, request) ? state : { ...state, trust: request };
  };
  return {
    withTrust,
    answerTrust(decision) {
      let asked: AppState['trust'];
      update((state) => {
        asked = state.trust;
        return asked ? { ...state, trust: undefined } : state;
      });
      if (!asked) return;
      const servers = asked.items.filter((i) => i.kind === 'mcp');
      const projectHooks = asked.items.filter((i) => i.kind === 'hook');
      if (servers.length > 0) mcp?.trust(decision);
      if (projectHooks.length > 0) hooks?.trust(decision);
      update((state) => {
        const toldServers =
          servers.length === 0
            ? state
            : decision === 'trust'
              ? addNotice(state, 'info', `Starting this project's MCP servers (${names(servers)}).`)
              : addNotice(state, 'info', `This project's MCP servers stay off (${names(servers)}); /mcp can turn one on for this session.`);
        const told =
          projectHooks.length === 0
            ? toldServers
            : decision === 'trust'
              ? addNotice(toldServers, 'info', `This project's hooks run from now on (${names(projectHooks)}).`)
              : addNotice(toldServers, 'info', `This project's hooks do not run (${names(projectHooks)}).`);
        // Anything that still waits (a source that did not take the answer) is asked again.
        return withTrust(told);
      });
    },
    reconnect(name) {
      return mcp ? mcp.reconnect(name) : noServers();
    },
    setEnabled(name, enabled) {
      return mcp ? mcp.setEnabled(name, enabled) : noServers();
    },
    tools(name) {
      return mcp?.serverTools(name) ?? [];
    },
    resources(name) {
      return mcp ? mcp.listResources(name) : noServers().then(() => []);
    },
  };
}
