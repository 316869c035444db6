// Dynamic material for the newest user turn (never the system prompt, so the cached prefix stays byte-stable).
import type { BackgroundTaskInfo } from '../protocol/events.js';
import type { TodoItem } from '../protocol/tools.js';

const todoReminderAfterRounds = 3;

export const wrapReminder = (text: string): string => `<system-reminder>\n${text}\n</system-reminder>`;

/** Characters of a background subagent's answer given in the reminder; the rest is read with bash_output. */
const subagentAnswerChars = 8000;

export function backgroundResults(finished: readonly BackgroundTaskInfo[], outputOf: (taskId: string) => string = () => ''): string | undefined {
  if (finished.length === 0) return undefined;
  const lines = finished.map((t) => {
    if (t.kind === 'subagent') {
      const answer = outputOf(t.taskId);
      const shown = answer.length > subagentAnswerChars ? `${answer.slice(0, subagentAnswerChars)}\n[… cut; read the rest with bash_output ${t.taskId}]` : answer;
      return `- ${t.taskId} (${t.command}) ${t.status === 'killed' ? 'was stopped' : 'ended'}. Its answer:\n${shown}`;
    }
    const how = t.status === 'exited' ? `exited with code ${t.exitCode ?? 0}` : t.status;
    const last = t.lastLine ? `; last output line: ${t.lastLine.slice(0, 200)}` : '';
    return `- ${t.taskId} \`${t.command}\` ${how}${last}. Read its output with bash_output.`;
  });
  return `<background-results>\n${lines.join('\n')}\n</background-results>`;
}

/** Counts model turns since the last todo_write and nudges the model when open todos go stale. */
export class TodoNudge {
  private roundsSinceWrite = 0;

  wrote(): void {
    this.roundsSinceWrite = 0;
  }

  /** Called once before each request; returns a reminder when one is due. */
  beforeRequest(todos: readonly TodoItem[]): string | undefined {
    this.roundsSinceWrite += 1;
    const open = todos.filter((t) => t.status !== 'completed');
    if (open.length === 0 || this.roundsSinceWrite <= todoReminderAfterRounds) return undefined;
    this.roundsSinceWrite = 0;
    const list = todos.map((t) => `- [${t.status}] ${t.content}`).join('\n');
    return wrapReminder(`The todo list has not been updated for ${todoReminderAfterRounds} turns and has open items. If you have made progress, update it with todo_write (mark finished items completed):\n${list}`);
  }
}
