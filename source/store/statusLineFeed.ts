// Feeds the user's status line command Claude Code's JSON from the store's state, and puts what it prints into the
// store: after each answer, a compaction, a mode or model change (debounced by the runner), never per frame.
import type { SessionConversation } from '../engine/session/capabilities.js';
import { StatusLineRunner } from '../extensions/statusLine.js';
import type { StatusLineSetting } from '../extensions/statusLineConfig.js';
import type { AppState } from './state.js';
import type { AppStore } from './store.js';

export interface StatusLineFeedOptions {
  store: AppStore;
  /** Where the session's log is (`transcript_path`). */
  conversation: Pick<SessionConversation, 'logFile'>;
  setting: StatusLineSetting;
  version: string;
  projectDir: string;
  now?: () => number;
  debounceMs?: number;
}

/** Claude Code's status line input (the fields measured on 2.1.197), from what the screen knows. */
function statusLineInput(state: AppState, o: Pick<StatusLineFeedOptions, 'conversation' | 'version' | 'projectDir'>, elapsedMs: number): Record<string, unknown> {
  const { session } = state;
  const context = state.context;
  const percent = context ? Math.round(context.percent) : null;
  return {
    session_id: session.sessionId,
    transcript_path: o.conversation.logFile() ?? '',
    cwd: session.cwd,
    model: { id: session.model, display_name: session.model },
    workspace: { current_dir: session.cwd, project_dir: o.projectDir, added_dirs: [] },
    version: o.version,
    output_style: { name: 'default' },
    cost: { total_cost_usd: state.cost ?? 0, total_duration_ms: elapsedMs, total_api_duration_ms: 0, total_lines_added: 0, total_lines_removed: 0 },
    context_window: {
      total_input_tokens: context?.tokens ?? 0,
      total_output_tokens: state.usage.outputTokens,
      context_window_size: context?.window ?? session.contextWindow,
      current_usage: context ? { input_tokens: context.tokens, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } : null,
      used_percentage: percent,
      remaining_percentage: percent === null ? null : 100 - percent,
    },
    exceeds_200k_tokens: (context?.tokens ?? 0) > 200_000,
    rein: { permission_mode: session.mode, provider: session.provider },
  };
}

/** Starts the runner; returns what stops it. */
export function feedStatusLine(o: StatusLineFeedOptions): () => void {
  const now = o.now ?? Date.now;
  const started = now();
  const runner = new StatusLineRunner({
    setting: o.setting,
    projectDir: o.projectDir,
    debounceMs: o.debounceMs,
    onText: (output) => {
      const pad = ' '.repeat(o.setting.padding);
      const text = output === undefined ? undefined : output.split('\n').map((line) => pad + line).join('\n');
      if (o.store.getState().userStatus !== text) o.store.setState({ userStatus: text });
    },
  });
  const input = () => statusLineInput(o.store.getState(), o, now() - started);
  runner.request(input);
  const unsubscribe = o.store.subscribe((next, previous) => {
    const changed = next.usage !== previous.usage || next.context !== previous.context || next.cost !== previous.cost
      || next.session.mode !== previous.session.mode || next.session.model !== previous.session.model || next.session.sessionId !== previous.session.sessionId;
    if (changed) runner.request();
  });
  return () => {
    unsubscribe();
    runner.dispose();
  };
}
