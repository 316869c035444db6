// Requests to the user and their answers, paired by id: the loop waits on a promise that `respond` settles.
import type { UserAnswer } from '../protocol/tools.js';
import type { ApprovalDecision } from '../protocol/events.js';

class Broker<Answer> {
  private pending = new Map<string, (answer: Answer) => void>();

  wait(approvalId: string, signal: AbortSignal): Promise<Answer | 'aborted'> {
    if (signal.aborted) return Promise.resolve('aborted');
    return new Promise((resolve) => {
      const onAbort = () => {
        this.pending.delete(approvalId);
        resolve('aborted');
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(approvalId, (decision) => {
        signal.removeEventListener('abort', onAbort);
        this.pending.delete(approvalId);
        resolve(decision);
      });
    });
  }

  /** Settles a pending request; unknown or already answered ids are ignored. */
  respond(approvalId: string, decision: Answer): boolean {
    const settle = this.pending.get(approvalId);
    if (!settle) return false;
    settle(decision);
    return true;
  }

  has(approvalId: string): boolean {
    return this.pending.has(approvalId);
  }
}

/** Approvals of tool calls. */
export class ApprovalBroker extends Broker<ApprovalDecision> {}

/** Answers to what a tool asks the user (ask_user, exit_plan_mode). */
export class QuestionBroker extends Broker<UserAnswer> {}

export function declinedMessage(reason?: string): string {
  const why = reason && reason.trim() ? ` Their reason: ${reason.trim()}` : '';
  return `The user declined this tool call.${why} Do not retry the same call; adjust your approach or ask the user how to proceed.`;
}
