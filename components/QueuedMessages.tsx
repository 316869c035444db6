// Messages typed during a run: steering the model takes at its next step, and the rest, sent when the run ends.
import { queuedLines } from './view/bottomLines.js';
import { Lines } from './Lines.js';

export interface QueuedMessagesProps {
  queued: readonly string[];
  /** The queued messages the running model takes at its next turn boundary. */
  steering?: readonly string[];
  width: number;
  maxRows: number;
}

export function QueuedMessages({ queued, steering, width, maxRows }: QueuedMessagesProps) {
  const lines = queuedLines(queued, width, maxRows, steering);
  return lines.length === 0 ? null : <Lines lines={lines} width={width} />;
}
