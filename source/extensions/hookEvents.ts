// What rein knows of each Claude Code hook event: the ones it runs, which handler types each takes, default
// timeouts, and why it does not run the others (each gets one warning when configured, never silence).
import type { HookEventName, HookHandlerType } from './hookTypes.js';

/** Documented Claude Code events rein does not run, with the reason given in the warning. */
export const eventsNotRun: Record<string, string> = {
  PermissionDenied: 'it fires only for denials by Claude Code\'s auto mode, which rein does not have',
  MessageDisplay: 'rein shows the model\'s text as it streams and does not replace it',
  TaskCreated: 'rein has no TaskCreate tool (its to-do list is todo_write)',
  TaskCompleted: 'rein has no TaskUpdate tool (its to-do list is todo_write)',
  TeammateIdle: 'rein\'s team mode has no idle teammates to hold back',
  CwdChanged: 'rein\'s bash runs every command in the workspace, so the working directory never changes',
  FileChanged: 'rein does not watch files for changes',
  WorktreeCreate: 'rein does not create worktrees',
  WorktreeRemove: 'rein does not create worktrees',
  Elicitation: 'rein\'s MCP client does not accept elicitation requests',
  ElicitationResult: 'rein\'s MCP client does not accept elicitation requests',
  PreModelSwitch: 'rein does not run hooks around /model yet',
  PostModelSwitch: 'rein does not run hooks around /model yet',
};

/** Events whose matcher is tried on the tool name (in Claude Code's naming or rein's). */
export const toolEvents = new Set<HookEventName>(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest']);

/** Events without matcher support: a matcher there is ignored, as in Claude Code. */
export const unmatchedEvents = new Set<HookEventName>(['UserPromptSubmit', 'PostToolBatch', 'Stop']);

/** Which handler types each event takes (Claude Code's table); the rest are skipped with a warning. */
export function typesFor(event: HookEventName): readonly HookHandlerType[] {
  switch (event) {
    case 'SessionStart':
    case 'Setup':
      return ['command', 'mcp_tool'];
    case 'PermissionRequest':
      return ['command', 'http', 'mcp_tool', 'prompt'];
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PostToolBatch':
    case 'Stop':
    case 'SubagentStop':
    case 'UserPromptSubmit':
    case 'UserPromptExpansion':
      return ['command', 'http', 'mcp_tool', 'prompt', 'agent'];
    default:
      return ['command', 'http', 'mcp_tool'];
  }
}

/** Claude Code's default timeouts: 600 s for command, http and mcp_tool (30 s on UserPromptSubmit), 30 s prompt, 60 s agent. */
export function defaultTimeoutMs(event: HookEventName, type: HookHandlerType): number {
  if (type === 'prompt') return 30_000;
  if (type === 'agent') return 60_000;
  if (event === 'UserPromptSubmit') return 30_000;
  // SessionEnd runs as rein closes: Claude Code gives those hooks 1.5 s unless one sets its own timeout.
  if (event === 'SessionEnd') return 1_500;
  return 600_000;
}

/** Events whose plain stdout (exit 0) is added to the model's context. */
export const stdoutIsContext = new Set<HookEventName>(['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion']);

/** Events a hook can block with exit 2 or `decision: "block"`. */
export const blockable = new Set<HookEventName>([
  'UserPromptSubmit', 'UserPromptExpansion', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Stop', 'SubagentStop',
  'PreCompact', 'ConfigChange',
]);

/** Events whose output (apart from blocking) rein ignores, as Claude Code does. */
export const outputIgnored = new Set<HookEventName>(['Setup', 'StopFailure', 'InstructionsLoaded', 'Notification', 'SessionEnd', 'PostCompact', 'DirectoryAdded']);
