// Holds the /mcp panel's selection, tools view and last error line, and runs what its keys ask for.
import { useCallback, useRef, useState } from 'react';
import type { Key } from 'ink';
import type { McpServerStatus } from '../source/protocol/events.js';
import type { Bridge } from '../source/store/bridge.js';
import type { McpResourceInfo } from '../source/mcp/types.js';
import { initialMcpPanelUi, mcpPanelKey, type McpPanelUi } from './mcpPanelKeys.js';
import { errorMessage } from '../source/util/errors.js';

export interface McpPanelController {
  ui: McpPanelUi;
  /** One plain line: why the last reconnect or enable/disable failed. */
  error?: string;
  /** The resources of the server whose tools are shown, once listed. */
  resources?: { server: string; items: readonly McpResourceInfo[] };
  handleKey: (input: string, key: Key) => void;
}

export function useMcpPanel(servers: readonly McpServerStatus[], bridge: Bridge): McpPanelController {
  const [ui, setUi] = useState<McpPanelUi>(initialMcpPanelUi);
  const [error, setError] = useState<string | undefined>(undefined);
  const [resources, setResources] = useState<McpPanelController['resources']>(undefined);
  const ref = useRef({ ui, servers, resources });
  ref.current = { ui, servers, resources };

  const handleKey = useCallback(
    (input: string, key: Key) => {
      const names = ref.current.servers.map((s) => s.name);
      const result = mcpPanelKey(ref.current.ui, names, input, key);
      // The tools view scrolls no further than its last tool.
      const listed = ref.current.resources?.server === result.ui.selected ? (ref.current.resources?.items.length ?? 0) : 0;
      const toolCount = result.ui.tools && result.ui.selected !== undefined ? bridge.mcpTools(result.ui.selected).length + (listed > 0 ? listed + 2 : 0) : 0;
      const next = result.ui.toolsOffset > Math.max(0, toolCount - 1) ? { ...result.ui, toolsOffset: Math.max(0, toolCount - 1) } : result.ui;
      ref.current = { ...ref.current, ui: next };
      setUi(next);
      // Opening a server's tools lists its resources too (asked of the server once per opening).
      const server = next.selected;
      if (next.tools && server !== undefined && !ui.tools) {
        setResources(undefined);
        bridge.mcpResources(server).then(
          (items) => setResources({ server, items }),
          () => setResources({ server, items: [] }),
        );
      }
      const command = result.command;
      if (!command) return;
      if (command.kind === 'close') {
        setUi(initialMcpPanelUi);
        setError(undefined);
        bridge.closePanel();
        return;
      }
      setError(undefined);
      const action = command.kind === 'reconnect' ? bridge.mcpReconnect(command.name) : bridge.mcpSetEnabled(command.name, command.kind === 'enable');
      action.catch((failure: unknown) => setError(errorMessage(failure)));
    },
    [bridge, ui.tools],
  );
  return { ui, error, resources, handleKey };
}
