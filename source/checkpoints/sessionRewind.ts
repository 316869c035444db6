// The session's rewind methods: list the points, preview a restore, and restore code, conversation or both.
import type { Message } from '../protocol/messages.js';
import { rewoundHistory, type CheckpointPoint, type SessionCheckpoints } from './sessionCheckpoints.js';
import type { RewindOutcome, RewindPoint, RewindPreview, RewindScope } from './types.js';

export interface RewindDeps {
  checkpoints: () => SessionCheckpoints | undefined;
  history: () => readonly Message[];
  running: () => boolean;
  /** Puts the earlier conversation in place (logged as a history replace, so --resume continues from it). */
  replaceHistory: (messages: Message[]) => void;
  /** Tells the screen the conversation went back to before the run's message. */
  rewound: (runId: string) => void;
}

export interface SessionRewind {
  rewindPoints(): Promise<RewindPoint[]>;
  previewRewind(pointId: string): Promise<RewindPreview>;
  rewind(pointId: string, scope: RewindScope): Promise<RewindOutcome>;
}

/** The point message for a user message about to join `history`. */
export function pointFor(runId: string, text: string, sent: string, history: readonly Message[]): Omit<CheckpointPoint, 'commit' | 'at'> {
  const last = history[history.length - 1];
  return { id: runId, text, sent, historyLength: history.length, ...(last?.role === 'user' ? { blocks: last.content.length } : {}) };
}

export function sessionRewind(d: RewindDeps): SessionRewind {
  const ready = (): SessionCheckpoints => {
    if (d.running()) throw new Error('Wait for the running task to finish (or press Esc) before rewinding.');
    const checkpoints = d.checkpoints();
    if (!checkpoints) throw new Error('Checkpoints are off ("checkpoints": { "enabled": false } in agent.config.json), so there is nothing to rewind.');
    return checkpoints;
  };
  return {
    rewindPoints: async () => ready().list(d.history()),
    previewRewind: async (pointId) => ready().preview(pointId),
    async rewind(pointId, scope) {
      const checkpoints = ready();
      const point = checkpoints.point(pointId);
      const earlier = scope === 'code' ? undefined : rewoundHistory(d.history(), point);
      if (scope !== 'code' && !earlier) throw new Error('The conversation no longer holds that message as it was sent (it was compacted or cleared since); only its files can go back.');
      const restored = scope === 'conversation' ? [] : await checkpoints.restore(pointId);
      if (!earlier) return { restored };
      d.replaceHistory(earlier);
      checkpoints.rewound(pointId);
      d.rewound(pointId);
      return { restored, text: point.text };
    },
  };
}
