// Shows what a tool asks the user: ask_user's questions one at a time, or exit_plan_mode's plan with its choices.
import { Box, Text } from 'ink';
import type { PendingQuestion } from '../source/store/questions.js';
import { planChoices, type PlanUi, type QuestionUi } from '../hooks/questionKeys.js';
import { planRows, questionRows, scrolledRows } from './view/questionLines.js';
import { Lines } from './Lines.js';

export interface QuestionDialogProps {
  question: PendingQuestion;
  questionUi: QuestionUi;
  planUi: PlanUi;
  width: number;
  /** Most rows the dialog may take. */
  maxHeight: number;
}

/** Border (2) and title; a plan adds its choices row. */
const chrome = (question: PendingQuestion) => (question.kind === 'plan' ? 4 : 3);

export interface QuestionFit {
  height: number;
  room: number;
  maxScroll: number;
}

export function questionFit(question: PendingQuestion, questionUi: QuestionUi, width: number, maxHeight: number): QuestionFit {
  const inner = Math.max(1, width - 4);
  const rows = question.kind === 'plan' ? planRows(question, inner).length : questionRows(question.questions, questionUi, inner).length;
  const room = Math.max(1, Math.min(rows, maxHeight - chrome(question)));
  return { height: Math.min(Math.max(1, maxHeight), chrome(question) + room), room, maxScroll: Math.max(0, rows - room) };
}

export function QuestionDialog({ question, questionUi, planUi, width, maxHeight }: QuestionDialogProps) {
  const inner = Math.max(1, width - 4);
  const fit = questionFit(question, questionUi, width, maxHeight);
  const narrow = width < 80;
  if (question.kind === 'questions') {
    const rows = questionRows(question.questions, questionUi, inner);
    // The cursor's option stays in view.
    const cursorRow = rows.findIndex((r) => r.includes('❯'));
    const scroll = Math.max(0, cursorRow - fit.room + 1);
    const header = question.questions[questionUi.index].header;
    return (
      <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} width={width} height={fit.height} flexShrink={0} overflow="hidden">
        <Text bold wrap="truncate-end">
          {header ? `${header} · ` : ''}The model asks<Text dimColor>{narrow ? '  ↑↓ 1-9 Enter · Esc' : '  ↑↓ or a number · Enter answers · Esc skips'}</Text>
        </Text>
        <Lines lines={scrolledRows(rows, fit.room, scroll)} width={inner} />
      </Box>
    );
  }
  const rows = planRows(question, inner);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} width={width} height={fit.height} flexShrink={0} overflow="hidden">
      <Text bold wrap="truncate-end">
        Plan ready for approval<Text dimColor>{fit.maxScroll > 0 ? `  ↑↓ PgUp/PgDn (${Math.min(planUi.scroll, fit.maxScroll) + fit.room}/${rows.length})` : ''}</Text>
      </Text>
      <Lines lines={scrolledRows(rows, fit.room, planUi.scroll)} width={inner} />
      {planUi.typing ? (
        <Text wrap="truncate-end">
          What should change? (Enter sends, Esc back): {planUi.text}
          <Text inverse> </Text>
        </Text>
      ) : (
        <Text wrap="truncate-end">
          {planChoices.map((choice, i) => (
            <Text key={choice.decision} inverse={i === planUi.selected} color={i === planUi.selected ? 'cyan' : undefined}>
              {` ${choice.label} `}
            </Text>
          ))}
          <Text dimColor>{narrow ? '  a / y / n' : '  a / y / n · ←→ Enter · Esc closes'}</Text>
        </Text>
      )}
    </Box>
  );
}
