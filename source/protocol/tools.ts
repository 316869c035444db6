// What a tool call gives back (to the model and to the screen), the todo list, and what a tool may ask of the user.
import type { ImageContent } from './messages.js';

/** What the UI shows for a finished call; the model never sees this. */
export type ToolDisplay =
  | { kind: 'text'; text: string }
  | { kind: 'diff'; path: string; diff: string; created: boolean }
  | { kind: 'todos'; todos: TodoItem[] }
  /** A short note shown instead of an error: the call was declined as a matter of course, nothing failed. */
  | { kind: 'note'; text: string }
  | { kind: 'none' };

/** One question the model puts to the user (Claude Code's AskUserQuestion shape). */
export interface UserQuestion {
  question: string;
  /** A short label (a dozen characters) for the question. */
  header?: string;
  options: { label: string; description?: string }[];
  multiSelect?: boolean;
}

export type PlanDecision = 'approve-auto-edit' | 'approve-ask' | 'keep-planning';

/** What the model asks of the user from inside a tool call, and the answer. */
export type UserRequest = { kind: 'questions'; questions: UserQuestion[] } | { kind: 'plan'; plan: string };
export type UserAnswer =
  /** Each question's text to the chosen label(s), or the user's own words ("other"). */
  | { kind: 'answers'; answers: Record<string, string> }
  | { kind: 'plan'; decision: PlanDecision; feedback?: string }
  /** Esc: the user closed the dialog without answering. */
  | { kind: 'dismissed' };

export interface ToolResult {
  /** What the model receives. */
  content: string;
  /** Images for the model with the text (MCP tool results; image files read). Never in events or the UI. */
  images?: ImageContent[];
  /** What the UI shows. */
  display: ToolDisplay;
  isError: boolean;
  /** What the call changes beyond its result: the permission mode (an approved plan), or the end of the run (a plan shown headless). */
  effects?: { mode?: 'ask' | 'auto-edit'; endRun?: string };
}

export type TodoStatus = 'pending' | 'in_progress' | 'completed';

export interface TodoItem {
  content: string;
  status: TodoStatus;
  activeForm: string;
}
