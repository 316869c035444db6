// The multi-line prompt: a rule with the run status, then the text with its cursor, scrolled to keep the cursor in view.
import { promptLines, type PromptLinesInput } from './view/bottomLines.js';
import { Lines } from './Lines.js';

export type PromptInputProps = PromptLinesInput;

export function PromptInput(props: PromptInputProps) {
  return <Lines lines={promptLines(props)} width={props.width} />;
}
