// Holds the /rewind panel: the points (listed when it opens), the pick, the preview of a restore, and the restore itself.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Key } from 'ink';
import type { Bridge } from '../source/store/bridge.js';
import type { RewindPoint, RewindPreview } from '../source/checkpoints/types.js';
import { initialRewindPanelUi, rewindPanelKey, type RewindPanelUi } from './rewindPanelKeys.js';
import { errorMessage } from '../source/util/errors.js';

export interface RewindPanelController {
  ui: RewindPanelUi;
  /** Newest first; undefined while they are being listed. */
  points?: readonly RewindPoint[];
  /** The preview for the confirm step, once computed. */
  preview?: RewindPreview;
  /** Listing, previewing or restoring. */
  busy: boolean;
  /** Why the last step failed, in one sentence. */
  error?: string;
  handleKey: (input: string, key: Key) => void;
}

const message = (error: unknown) => errorMessage(error);

/** `onText` puts a rewound message back in the prompt. */
export function useRewindPanel(open: boolean, bridge: Bridge, onText: (text: string) => void): RewindPanelController {
  const [ui, setUi] = useState<RewindPanelUi>(initialRewindPanelUi);
  const [points, setPoints] = useState<readonly RewindPoint[] | undefined>(undefined);
  const [preview, setPreview] = useState<RewindPreview | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const ref = useRef({ ui, points, busy, preview });
  ref.current = { ui, points, busy, preview };

  useEffect(() => {
    if (!open) return;
    let live = true;
    setUi(initialRewindPanelUi);
    setPoints(undefined);
    setPreview(undefined);
    setError(undefined);
    bridge.rewind.points().then(
      (listed) => live && setPoints([...listed].reverse()),
      (failure: unknown) => {
        if (live) {
          setPoints([]);
          setError(message(failure));
        }
      },
    );
    return () => {
      live = false;
    };
  }, [open, bridge]);

  const handleKey = useCallback(
    (input: string, key: Key) => {
      const current = ref.current;
      if (current.busy) return;
      // Files are restored only once their changes are on screen.
      if (current.ui.stage === 'confirm' && !current.preview && !key.escape && input !== 'n') return;
      const result = rewindPanelKey(current.ui, current.points ?? [], input, key);
      ref.current = { ...current, ui: result.ui };
      setUi(result.ui);
      if (result.ui.stage !== 'confirm') {
        ref.current.preview = undefined;
        setPreview(undefined);
      }
      const command = result.command;
      if (!command) return;
      if (command.kind === 'close') {
        bridge.closePanel();
        return;
      }
      setError(undefined);
      setBusy(true);
      ref.current.busy = true;
      const done = () => {
        ref.current.busy = false;
        setBusy(false);
      };
      if (command.kind === 'preview') {
        bridge.rewind.preview(command.pointId).then(
          (found) => {
            ref.current.preview = found;
            setPreview(found);
            done();
          },
          (failure: unknown) => {
            setError(message(failure));
            done();
          },
        );
        return;
      }
      bridge.rewind.rewind(command.pointId, command.scope).then(
        (text) => {
          done();
          bridge.closePanel();
          if (text !== undefined) onText(text);
        },
        (failure: unknown) => {
          setError(message(failure));
          done();
        },
      );
    },
    [bridge, onText],
  );
  return { ui, points, preview, busy, error, handleKey };
}
