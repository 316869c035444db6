// Holds the /resume picker's sessions (read when it opens), filter and pick, and switches to the session picked.
import { useCallback, useRef, useState } from 'react';
import type { Key } from 'ink';
import type { Bridge } from '../source/store/bridge.js';
import type { SessionSummary } from '../source/sessionLog/listSessions.js';
import { filterSessions, initialResumePickerUi, resumePickerKey, type ResumePickerUi } from './resumePickerKeys.js';
import { errorMessage } from '../source/util/errors.js';

export interface ResumePickerController {
  ui: ResumePickerUi;
  /** The sessions the filter lets through, newest first. */
  shown: SessionSummary[];
  total: number;
  /** Why the sessions could not be listed, in one sentence. */
  error?: string;
  handleKey: (input: string, key: Key) => void;
}

const none: SessionSummary[] = [];

/** The picker's list; a folder that cannot be read is a line in the panel, never a crash. */
function listSessions(bridge: Bridge): { sessions: SessionSummary[]; error?: string } {
  try {
    return { sessions: bridge.recentSessions() };
  } catch (error) {
    return { sessions: [], error: errorMessage(error) };
  }
}

export function useResumePicker(open: boolean, bridge: Bridge): ResumePickerController {
  const [ui, setUi] = useState<ResumePickerUi>(initialResumePickerUi);
  // Listed once per opening: the disk is not read again on every key.
  const listed = useRef<{ sessions: SessionSummary[]; error?: string } | undefined>(undefined);
  if (!open) listed.current = undefined;
  else listed.current ??= listSessions(bridge);
  const sessions = listed.current?.sessions ?? none;
  const ref = useRef({ ui, sessions });
  ref.current = { ui, sessions };

  const handleKey = useCallback(
    (input: string, key: Key) => {
      const result = resumePickerKey(ref.current.ui, ref.current.sessions, input, key);
      const command = result.command;
      const next = command ? initialResumePickerUi : result.ui;
      ref.current = { ...ref.current, ui: next };
      setUi(next);
      if (!command) return;
      bridge.closePanel();
      if (command.kind === 'open') bridge.switchSession(command.sessionId);
    },
    [bridge],
  );
  return { ui, shown: open ? filterSessions(sessions, ui.filter) : none, total: sessions.length, error: listed.current?.error, handleKey };
}
