// Session-wide events: the session's identity, mode and model, a cleared or rewound conversation.
import type { EventOf } from '../protocol/events.js';
import type { AppState, TranscriptItem } from './state.js';
import { findItemIndex } from './transcript.js';

type SessionEvent = EventOf<'session_start'> | EventOf<'mode_change'> | EventOf<'model_change'> | EventOf<'conversation_cleared'> | EventOf<'conversation_rewound'>;

export function applySessionEvent(state: AppState, event: SessionEvent): AppState {
  switch (event.type) {
    case 'session_start': {
      const s = state.session;
      if (s.sessionId === event.sessionId && s.cwd === event.cwd && s.provider === event.provider && s.model === event.model && s.mode === event.mode) {
        return state;
      }
      const session = { ...s, sessionId: event.sessionId, cwd: event.cwd, provider: event.provider, model: event.model, mode: event.mode };
      return { ...state, session };
    }
    case 'mode_change':
      return state.session.mode === event.mode ? state : { ...state, session: { ...state.session, mode: event.mode } };
    case 'model_change':
      return applyModelChange(state, event);
    case 'conversation_cleared': {
      // A new session id: the conversation left is saved under the old one, when it held a message.
      const saved = state.session.sessionId !== event.sessionId && state.transcript.some((item) => item.kind === 'user');
      const text = saved ? `Started a new conversation. The previous one is saved as ${state.session.sessionId}; /resume opens it.` : 'Started a new conversation.';
      const notice: TranscriptItem = { kind: 'notice', id: `cleared-${event.sessionId}`, done: true, level: 'info', text };
      return {
        ...state,
        session: { ...state.session, sessionId: event.sessionId },
        transcript: [notice],
        trimmedCount: 0,
        maxItems: undefined,
        approvals: [],
        questions: [],
        todos: [],
        context: undefined,
        turnLimit: undefined,
      };
    }
    case 'conversation_rewound': {
      // The transcript goes back with the conversation: the message and everything after it leave the screen.
      const at = findItemIndex(state.transcript, `user-${event.runId}`);
      const kept = at >= 0 ? state.transcript.slice(0, at) : state.transcript;
      const notice: TranscriptItem = { kind: 'notice', id: `rewound-${event.runId}`, done: true, level: 'info', text: 'Rewound the conversation to before that message.' };
      return { ...state, transcript: [...kept, notice], approvals: [], context: undefined, turnLimit: undefined };
    }
  }
}

/** The new model, and the context measured against its window from now on. */
function applyModelChange(state: AppState, event: EventOf<'model_change'>): AppState {
  const window = event.contextWindow ?? state.session.contextWindow;
  if (state.session.model === event.model && state.session.contextWindow === window) return state;
  const context = state.context && {
    tokens: state.context.tokens,
    window,
    percent: Math.min(100, Math.round((state.context.tokens / window) * 1000) / 10),
  };
  return { ...state, session: { ...state.session, model: event.model, contextWindow: window }, ...(context ? { context } : {}) };
}
