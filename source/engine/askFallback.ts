// Who answers a tool call that would ask, when no dialog should: dontAsk mode (deny) or a permission prompt tool.

export interface AskRequest {
  /** rein's name of the tool. */
  toolName: string;
  input: Record<string, unknown>;
  toolUseId: string;
}

/** Claude Code's permission answer: allow (optionally with changed arguments), or deny with a message for the model. */
export type AskAnswer = { behavior: 'allow'; updatedInput?: Record<string, unknown> } | { behavior: 'deny'; message: string };

export type AskFallback = (request: AskRequest, signal: AbortSignal) => Promise<AskAnswer>;

/** `--permission-mode dontAsk`: whatever would ask is denied, in the TUI as headless, without a dialog. */
export const dontAskFallback: AskFallback = ({ toolName }) => Promise.resolve({
  behavior: 'deny',
  message: `${toolName} needs the user's approval, and rein is in dontAsk mode, which denies whatever would ask. Reach the goal with tools that are allowed where that is reasonable; do not work around the denial. If the task cannot be done without this call, stop and say what is needed.`,
});
