// The keys of the question asked when --resume names a session of another directory, as a pure function: arrows and
// Tab move, Enter picks, 1 or 2 pick at once, Esc or Ctrl+C quits.
import type { Key } from 'ink';
import type { ResumeDirectoryChoice } from '../source/protocol/sessions.js';
import { isModified } from './plainKey.js';

/** The choices in the order shown. */
const resumeDirectoryChoices: readonly Exclude<ResumeDirectoryChoice, 'quit'>[] = ['there', 'fresh'];

export function resumeDirectoryKey(selected: number, input: string, key: Key): { selected: number; choice?: ResumeDirectoryChoice } {
  if (key.escape || (key.ctrl && (input === 'c' || input === 'd'))) return { selected, choice: 'quit' };
  if (isModified(key)) return { selected };
  if (key.return) return { selected, choice: resumeDirectoryChoices[selected] };
  if (key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.tab) return { selected: (selected + 1) % resumeDirectoryChoices.length };
  const index = ['1', '2'].indexOf(input);
  if (index >= 0) return { selected: index, choice: resumeDirectoryChoices[index] };
  return { selected };
}
