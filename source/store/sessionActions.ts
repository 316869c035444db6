// Session actions: what the keys and commands ask of the session; the session's own events then update the store.
import type { ApprovalDecision, PermissionMode } from '../protocol/events.js';
import type { UserAnswer } from '../protocol/tools.js';
import type { SessionCapabilities } from '../engine/session/capabilities.js';
import { applyEvent } from './applyEvent.js';
import type { EventPump } from './eventPump.js';
import { addNotice, setQueued, toggleExpand } from './localActions.js';
import type { RunQueue } from './runQueue.js';
import type { AppPanel } from './state.js';
import type { AppStore } from './store.js';
import { errorMessage } from '../util/errors.js';

export interface SessionActions {
  respond: (approvalId: string, decision: ApprovalDecision) => void;
  /** Answers what a tool asked (ask_user's questions, a plan to approve). */
  answer: (questionId: string, answer: UserAnswer) => void;
  setMode: (mode: PermissionMode) => void;
  cycleMode: () => void;
  /** `command`: the slash command line that asked, named by a failure's notice. */
  setModel: (model: string, command?: string) => void;
  clear: () => void;
  killTask: (taskId: string, command?: string) => Promise<void>;
  taskOutput: (taskId: string) => string;
  /**
   * Compacts the conversation (`/compact`) as busy work like a run: Esc interrupts it, and messages sent
   * meanwhile are queued and run after it.
   */
  compact: (instructions?: string, command?: string) => Promise<void>;
  /** Starts team mode on `task` (`/team`); false when a run is active or the session has no subagents. */
  team: (task: string) => boolean;
  toggleExpand: (which: 'last' | 'all') => void;
  /** Answers the turn-limit question: go on with the same task for another maxTurns turns. */
  continueRun: () => void;
  /** Answers the turn-limit question: leave the task stopped. */
  stopAtTurnLimit: () => void;
  /** Shows a panel in place of the transcript (`/mcp`), or closes it. */
  openPanel: (panel: AppPanel) => void;
  closePanel: () => void;
}

/** The modes Shift+Tab steps through: ask → auto-edit → plan, and yolo only for a session started in yolo. */
function modeCycle(startMode: PermissionMode): PermissionMode[] {
  return startMode === 'yolo' ? ['ask', 'auto-edit', 'plan', 'yolo'] : ['ask', 'auto-edit', 'plan'];
}

const reasonOf = (error: unknown): string => errorMessage(error);

export function createSessionActions(session: SessionCapabilities, store: AppStore, pump: EventPump, queue: RunQueue): SessionActions {
  // Shift+Tab keeps yolo out of reach unless the session was started in it (as Claude Code keeps bypass mode out).
  const cycle = modeCycle(session.settings.info.mode);
  const notice = (level: 'error' | 'warning', text: string, command?: string) => pump.update((state) => addNotice(state, level, text, command));

  const actions: SessionActions = {
    respond(approvalId, decision) {
      const approval = store.getState().approvals.find((a) => a.approvalId === approvalId);
      session.runs.respond(approvalId, decision);
      // The dialog closes at once rather than when the run next reports.
      if (approval) pump.update((state) => applyEvent(state, { type: 'approval_resolved', runId: approval.runId, approvalId, toolCallId: approval.toolCallId, decision }));
    },
    answer(questionId, answer) {
      const question = store.getState().questions.find((q) => q.questionId === questionId);
      session.runs.answer(questionId, answer);
      if (question) pump.update((state) => applyEvent(state, { type: 'question_resolved', runId: question.runId, questionId, toolCallId: question.toolCallId, answer }));
    },
    // The session emits mode_change, model_change and conversation_cleared itself; the store hears them through the pump.
    setMode(mode) {
      session.settings.setMode(mode);
    },
    cycleMode() {
      const current = store.getState().session.mode;
      actions.setMode(cycle[(cycle.indexOf(current) + 1) % cycle.length]);
    },
    setModel(model, command) {
      try {
        session.settings.setModel(model);
      } catch (error) {
        notice('error', `Could not switch to model ${model} (${reasonOf(error)}); check the name.`, command);
      }
    },
    clear() {
      if (queue.active()) queue.abort();
      session.conversation.clear();
      pump.update((state) => (state.queued.length === 0 ? state : setQueued(state, [])));
    },
    async killTask(taskId, command) {
      try {
        await session.tasks.killTask(taskId);
      } catch (error) {
        notice('error', `Could not stop task ${taskId} (${reasonOf(error)}).`, command);
      }
    },
    taskOutput: (taskId) => session.tasks.taskOutput(taskId),
    async compact(instructions, command) {
      if (queue.active()) {
        notice('error', 'Wait for the running task to finish (or press Esc) before compacting.', command);
        return;
      }
      // The outcome arrives as a compaction, warning or error event through the subscription.
      await queue.busy(() => session.runs.compact(instructions));
    },
    team(task) {
      const team = session.runs.team;
      if (queue.active() || !team) return false;
      queue.start(`/team ${task}`, () => team(task));
      return true;
    },
    toggleExpand(which) {
      pump.update((state) => toggleExpand(state, which));
    },
    continueRun() {
      const continueRun = session.runs.continue;
      if (!store.getState().turnLimit) return;
      pump.update((state) => ({ ...state, turnLimit: undefined }));
      if (queue.active() || !continueRun) return;
      queue.start('', continueRun);
    },
    stopAtTurnLimit() {
      pump.update((state) => (state.turnLimit ? { ...state, turnLimit: undefined } : state));
    },
    openPanel(panel) {
      pump.update((state) => (state.panel === panel ? state : { ...state, panel }));
    },
    closePanel() {
      pump.update((state) => (state.panel === undefined ? state : { ...state, panel: undefined }));
    },
  };
  return actions;
}
