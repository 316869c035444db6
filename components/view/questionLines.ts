// The rows of the dialogs a tool opens to ask the user: ask_user's question with its options, exit_plan_mode's plan
// as markdown; both fit a small screen by scrolling what does not fit, never by cutting the choices.
import type { PendingQuestion } from '../../source/store/questions.js';
import type { UserQuestion } from '../../source/protocol/tools.js';
import type { QuestionUi } from './questionUi.js';
import { markdownToLines } from './markdown.js';
import { paint, sanitize, wrapText } from './style.js';

/** The question on screen: its text, then each option (number, label, description), then "Other". */
export function questionRows(questions: readonly UserQuestion[], ui: QuestionUi, width: number): string[] {
  const q = questions[ui.index];
  const count = questions.length > 1 ? paint('dim', `(${ui.index + 1} of ${questions.length}) `) : '';
  const rows = wrapText(`${count}${paint('bold', sanitize(q.question))}`, width);
  if (q.multiSelect) rows.push(paint('dim', 'Space ticks, Enter answers with what is ticked'));
  const option = (i: number, label: string, description?: string) => {
    const mark = q.multiSelect && i < q.options.length ? (ui.ticked.includes(i) ? '[x] ' : '[ ] ') : '';
    const line = `${i === ui.cursor ? '❯' : ' '} ${i + 1}. ${mark}${sanitize(label)}${description ? paint('dim', ` · ${sanitize(description)}`) : ''}`;
    return wrapText(i === ui.cursor ? paint('cyan', line) : line, width);
  };
  q.options.forEach((o, i) => rows.push(...option(i, o.label, o.description)));
  rows.push(...option(q.options.length, ui.typing ? `Other: ${ui.text}▌` : 'Other (type your own answer)'));
  return rows;
}

/** The plan as the transcript shows markdown. */
export function planRows(question: PendingQuestion, width: number): string[] {
  return question.kind === 'plan' ? markdownToLines(question.plan, width) : [];
}

/** The window of `rows` that fits `room`, scrolled `scroll` rows down. */
export function scrolledRows(rows: readonly string[], room: number, scroll: number): string[] {
  const top = Math.max(0, Math.min(scroll, rows.length - room));
  return rows.slice(top, top + room);
}
