// Messages typed during a run, waiting to be sent when it ends.
import { queuedLines } from './view/bottomLines.js';
import { Lines } from './Lines.js';

export interface QueuedMessagesProps {
  queued: readonly string[];
  width: number;
  maxRows: number;
}

export function QueuedMessages({ queued, width, maxRows }: QueuedMessagesProps) {
  const lines = queuedLines(queued, width, maxRows);
  return lines.length === 0 ? null : <Lines lines={lines} width={width} />;
}
