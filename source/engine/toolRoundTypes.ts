// What a tool round is given and shares among its parts: its parameters, the hooks' round state, and how a call is
// summarized on screen.
import { shownPath as shownPathOf } from '../util/shownPath.js';
import type { ToolUseBlock } from '../protocol/messages.js';
import type { ToolRegistry } from '../tools/runner.js';
import type { AnyTool, ToolSessionState } from '../tools/types.js';
import type { ToolResult } from '../protocol/tools.js';
import type { ApprovalBroker, QuestionBroker } from './approvals.js';
import type { AgentEvent, PermissionMode } from '../protocol/events.js';
import type { PermissionPolicy } from '../permissions/policy.js';
import type { HookNote, LoopHooks } from '../extensions/hookTypes.js';
import type { AskFallback } from './askFallback.js';

/** What the round's hooks said that outlives one call: context for the model, a hook's stop, an interrupt. */
export interface RoundHookState {
  context: string[];
  stop?: string;
  /** A call that ends the run (a plan shown in a headless run): its text is the run's answer. */
  endRun?: string;
  /** A PermissionRequest hook denied with `interrupt: true`: the run ends as Esc would end it. */
  interrupt?: string;
}

export const hookEvent = (runId: string, note: HookNote): AgentEvent => ({ type: 'hook', runId, ...note });

export const interruptedResult = (): ToolResult => ({
  content: 'Interrupted by the user before this call finished.',
  display: { kind: 'text', text: 'interrupted' },
  isError: true,
});

/** Where and under which permissions tools run: the same for every round of a run. */
export interface ToolEnvironment {
  registry: ToolRegistry;
  rules: PermissionPolicy;
  broker: ApprovalBroker;
  /** Where answers to a tool's questions arrive (ask_user, exit_plan_mode); without it nobody can answer. */
  questions?: QuestionBroker;
  /** An approved plan switches the mode. */
  setMode?: (mode: PermissionMode) => void;
  /** False in headless mode: calls that would ask are denied instead. */
  interactive: boolean;
  /** Answers calls that would ask instead of a dialog or the headless denial (dontAsk mode, a permission prompt tool). */
  askFallback?: AskFallback;
  cwd: string;
  workspace: string;
  state: ToolSessionState;
  signal: AbortSignal;
}

export interface ToolRoundParams extends ToolEnvironment {
  runId: string;
  calls: ToolUseBlock[];
  mode: PermissionMode;
  emit: (event: AgentEvent) => void;
  /** A call's result ends the run after this round (a plan shown headless), with this text as its answer. */
  onEndRun?: (text: string) => void;
  /** PreToolUse and PostToolUse hooks, and where what they said is collected. */
  hooks?: { loop: LoopHooks; state: RoundHookState };
}

/** A path as tool lines show it: relative to the workspace inside it ("." for its root), ~-relative or absolute outside it. */
function shownPath(given: string, where: { cwd: string; workspace: string }): string {
  if (typeof given !== 'string') return given;
  return shownPathOf(given, where);
}

export function summarizeCall(tool: AnyTool | undefined, input: Record<string, unknown>, where?: { cwd: string; workspace: string }): string {
  if (tool?.summarize) {
    try {
      return tool.summarize(input, (p) => (where ? shownPath(p, where) : p));
    } catch {
      // fall through to the generic summary
    }
  }
  const first = Object.values(input).find((v) => typeof v === 'string');
  return typeof first === 'string' ? first.split('\n')[0].slice(0, 120) : '';
}
