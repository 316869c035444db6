// The screen's side of /rewind: the session's rewind points, a restore's preview, and the restore with its notice.
import type { SessionConversation } from '../engine/session/capabilities.js';
import type { RewindPoint, RewindPreview, RewindScope } from '../checkpoints/types.js';
import { addNotice } from './localActions.js';
import type { AppState } from './state.js';

export interface RewindActions {
  /** The session's user messages, oldest first; rejects with one plain sentence while a run is active. */
  points(): Promise<RewindPoint[]>;
  preview(pointId: string): Promise<RewindPreview>;
  /** Restores and says what was done in the transcript; resolves with the message text when the conversation went back. */
  rewind(pointId: string, scope: RewindScope): Promise<string | undefined>;
}

const busyMessage = 'Wait for the running task to finish (or press Esc) before rewinding.';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function createRewindActions(session: SessionConversation, busy: () => boolean, update: (change: (state: AppState) => AppState) => void): RewindActions {
  const guard = async <T>(job: (s: Required<Pick<SessionConversation, 'rewindPoints' | 'previewRewind' | 'rewind'>>) => Promise<T>): Promise<T> => {
    if (busy()) throw new Error(busyMessage);
    if (!session.rewindPoints || !session.previewRewind || !session.rewind) throw new Error('This session keeps no checkpoints, so there is nothing to rewind.');
    return job({ rewindPoints: session.rewindPoints, previewRewind: session.previewRewind, rewind: session.rewind });
  };
  return {
    points: () => guard((s) => s.rewindPoints()),
    preview: (pointId) => guard((s) => s.previewRewind(pointId)),
    rewind: (pointId, scope) =>
      guard(async (s) => {
        const outcome = await s.rewind(pointId, scope);
        const files = outcome.restored.length > 0 ? `Restored ${plural(outcome.restored.length, 'file')} (${outcome.restored.join(', ')}).` : scope === 'conversation' ? '' : 'No file needed restoring.';
        const conversation = outcome.text !== undefined ? ' The message is back in the prompt.' : '';
        const text = `${files}${conversation}`.trim();
        if (text) update((state) => addNotice(state, 'info', text));
        return outcome.text;
      }),
  };
}
