// The keys of the dialogs a tool opens to ask the user, as pure functions: ask_user's questions (↑↓ or a number
// picks, Space ticks in a multi-select, "Other" takes typed words) and exit_plan_mode's plan (approve or keep planning).
import type { Key } from 'ink';
import type { PlanDecision, UserAnswer, UserQuestion } from '../source/protocol/tools.js';
import { isModified } from './plainKey.js';
import { cleanInput } from './promptEditor.js';
import type { PlanUi, QuestionUi } from '../components/view/questionUi.js';

export type { PlanUi, QuestionUi } from '../components/view/questionUi.js';


export const initialQuestionUi: QuestionUi = { index: 0, cursor: 0, ticked: [], typing: false, text: '', answers: {} };

export interface QuestionKeyResult<Ui> {
  ui: Ui;
  answer?: UserAnswer;
}

/** Records the answer to the question on screen and moves to the next, or answers all when it was the last. */
function answered(ui: QuestionUi, questions: readonly UserQuestion[], text: string): QuestionKeyResult<QuestionUi> {
  const answers = { ...ui.answers, [questions[ui.index].question]: text };
  if (ui.index + 1 >= questions.length) return { ui: { ...ui, answers }, answer: { kind: 'answers', answers } };
  return { ui: { ...initialQuestionUi, index: ui.index + 1, answers } };
}

export function questionKey(ui: QuestionUi, questions: readonly UserQuestion[], input: string, key: Key): QuestionKeyResult<QuestionUi> {
  const question = questions[ui.index];
  const other = question.options.length;
  if (ui.typing) {
    if (key.escape) return { ui: { ...ui, typing: false } };
    if (key.return) return ui.text.trim() === '' ? { ui } : answered(ui, questions, ui.text.trim());
    if (key.backspace || key.delete) return { ui: { ...ui, text: ui.text.slice(0, -1) } };
    if (key.ctrl && input === 'u') return { ui: { ...ui, text: '' } };
    if (isModified(key)) return { ui };
    return { ui: { ...ui, text: ui.text + cleanInput(input).replace(/\n/g, ' ') } };
  }
  if (key.escape) return { ui, answer: { kind: 'dismissed' } };
  if (isModified(key)) return { ui };
  if (key.upArrow || key.leftArrow) return { ui: { ...ui, cursor: (ui.cursor + other) % (other + 1) } };
  if (key.downArrow || key.rightArrow || key.tab) return { ui: { ...ui, cursor: (ui.cursor + 1) % (other + 1) } };
  const number = /^[1-9]$/.test(input) ? Number(input) - 1 : undefined;
  const chosen = number !== undefined && number <= other ? number : key.return ? ui.cursor : undefined;
  if (question.multiSelect && input === ' ' && ui.cursor < other) {
    const ticked = ui.ticked.includes(ui.cursor) ? ui.ticked.filter((i) => i !== ui.cursor) : [...ui.ticked, ui.cursor].sort((a, b) => a - b);
    return { ui: { ...ui, ticked } };
  }
  if (chosen === undefined) return { ui };
  if (chosen === other) return { ui: { ...ui, cursor: other, typing: true } };
  if (question.multiSelect && !key.return) {
    const ticked = ui.ticked.includes(chosen) ? ui.ticked.filter((i) => i !== chosen) : [...ui.ticked, chosen].sort((a, b) => a - b);
    return { ui: { ...ui, cursor: chosen, ticked } };
  }
  const picked = question.multiSelect && ui.ticked.length > 0 ? ui.ticked : [chosen];
  return answered(ui, questions, picked.map((i) => question.options[i].label).join(', '));
}

export const planChoices: readonly { decision: PlanDecision; label: string; key: string }[] = [
  { decision: 'approve-auto-edit', label: 'Approve · edits run', key: 'a' },
  { decision: 'approve-ask', label: 'Approve · keep asking', key: 'y' },
  { decision: 'keep-planning', label: 'Keep planning', key: 'n' },
];


export const initialPlanUi: PlanUi = { selected: 0, typing: false, text: '', scroll: 0 };

/** `maxScroll` is how far the plan can scroll at the dialog's size, `page` how far PgUp/PgDn move. */
export function planKey(ui: PlanUi, input: string, key: Key, maxScroll = 0, page = 1): QuestionKeyResult<PlanUi> {
  if (ui.typing) {
    if (key.return) return { ui, answer: { kind: 'plan', decision: 'keep-planning', ...(ui.text.trim() ? { feedback: ui.text.trim() } : {}) } };
    if (key.escape) return { ui: { ...ui, typing: false, text: '' } };
    if (key.backspace || key.delete) return { ui: { ...ui, text: ui.text.slice(0, -1) } };
    if (isModified(key)) return { ui };
    return { ui: { ...ui, text: ui.text + cleanInput(input).replace(/\n/g, ' ') } };
  }
  const scrollBy = (rows: number) => ({ ui: { ...ui, scroll: Math.max(0, Math.min(maxScroll, ui.scroll + rows)) } });
  if (key.pageUp || key.pageDown) return scrollBy(key.pageUp ? -page : page);
  if (key.upArrow || key.downArrow) return scrollBy(key.upArrow ? -1 : 1);
  if (key.escape) return { ui, answer: { kind: 'dismissed' } };
  if (isModified(key)) return { ui };
  if (key.leftArrow) return { ui: { ...ui, selected: (ui.selected + planChoices.length - 1) % planChoices.length } };
  if (key.rightArrow || key.tab) return { ui: { ...ui, selected: (ui.selected + 1) % planChoices.length } };
  const byKey = planChoices.findIndex((c) => c.key === input.toLowerCase());
  const chosen = byKey >= 0 ? byKey : key.return ? ui.selected : undefined;
  if (chosen === undefined) return { ui };
  const decision = planChoices[chosen].decision;
  if (decision === 'keep-planning') return { ui: { ...ui, selected: chosen, typing: true } };
  return { ui, answer: { kind: 'plan', decision } };
}
