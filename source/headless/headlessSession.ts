// What a headless run uses of the session.
import type { SessionCapabilities, SessionRuns } from '../engine/session/capabilities.js';

/** What a headless run needs of the session: its facts, abort and close, and the runs with their one event channel. */
export type HeadlessSession = SessionCapabilities & { close: (reason?: string) => Promise<void> };

/** The runs a headless run starts: a message, team mode, and the one event channel. */
export type HeadlessRuns = Pick<SessionRuns, 'subscribe' | 'prompt' | 'team'>;
