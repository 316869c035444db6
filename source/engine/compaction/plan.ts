// The result of planning a compaction: which messages get summarised and which are kept.
import type { Message } from '../../protocol/messages.js';

export interface CompactionPlan {
  /** Messages to summarise. */
  older: Message[];
  /** Messages kept as they are; starts with a user message without tool results and is a valid history on its own. */
  recent: Message[];
}
