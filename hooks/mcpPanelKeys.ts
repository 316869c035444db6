// The /mcp panel's keys as a pure function: ↑/↓ pick a server, r reconnect, e / d enable / disable, Enter or t its
// tools, Esc or q close (from the tools, back to the list).
import type { Key } from 'ink';

export interface McpPanelUi {
  /** The picked server's name; the first server when unset or gone. */
  selected?: string;
  /** Showing the picked server's tools, scrolled down by `toolsOffset` rows. */
  tools: boolean;
  toolsOffset: number;
}

export const initialMcpPanelUi: McpPanelUi = { tools: false, toolsOffset: 0 };

export type McpPanelCommand = { kind: 'close' } | { kind: 'reconnect'; name: string } | { kind: 'enable' | 'disable'; name: string };

export interface McpPanelKeyResult {
  ui: McpPanelUi;
  command?: McpPanelCommand;
}

/** The picked server's index in `names` (0 when none is picked or it is gone). */
export function selectedIndex(ui: McpPanelUi, names: readonly string[]): number {
  const index = ui.selected === undefined ? -1 : names.indexOf(ui.selected);
  return index < 0 ? 0 : index;
}

export function mcpPanelKey(ui: McpPanelUi, names: readonly string[], input: string, key: Key): McpPanelKeyResult {
  const letter = key.ctrl || key.meta ? '' : input.toLowerCase();
  if (ui.tools) {
    if (key.escape || letter === 'q' || key.leftArrow || key.return || letter === 't') return { ui: { ...ui, tools: false, toolsOffset: 0 } };
    if (key.upArrow) return { ui: { ...ui, toolsOffset: Math.max(0, ui.toolsOffset - 1) } };
    if (key.downArrow) return { ui: { ...ui, toolsOffset: ui.toolsOffset + 1 } };
    if (key.pageUp) return { ui: { ...ui, toolsOffset: Math.max(0, ui.toolsOffset - 10) } };
    if (key.pageDown) return { ui: { ...ui, toolsOffset: ui.toolsOffset + 10 } };
    return { ui };
  }
  if (key.escape || letter === 'q') return { ui, command: { kind: 'close' } };
  if (names.length === 0) return { ui };
  const index = selectedIndex(ui, names);
  const name = names[index];
  if (key.upArrow) return { ui: { ...ui, selected: names[Math.max(0, index - 1)] } };
  if (key.downArrow) return { ui: { ...ui, selected: names[Math.min(names.length - 1, index + 1)] } };
  if (key.return || letter === 't') return { ui: { ...ui, selected: name, tools: true, toolsOffset: 0 } };
  if (letter === 'r') return { ui: { ...ui, selected: name }, command: { kind: 'reconnect', name } };
  if (letter === 'e') return { ui: { ...ui, selected: name }, command: { kind: 'enable', name } };
  if (letter === 'd') return { ui: { ...ui, selected: name }, command: { kind: 'disable', name } };
  return { ui };
}
