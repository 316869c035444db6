// Starts the full-screen TUI for a session (or the setup screen), and returns the exit code and a usage line.
import type { ReactElement } from 'react';
import { homedir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import type { AgentEvent } from '../source/protocol/events.js';
import type { SessionCapabilities } from '../source/engine/session/capabilities.js';

/** What the screen needs of a session: its capabilities, and a way to close it. */
export type ScreenSession = SessionCapabilities & { close: (reason?: string) => Promise<void> };
import type { EarlierEvents } from '../source/sessionLog/earlierEvents.js';
import { createBridge } from '../source/store/bridge.js';
import type { WelcomeItem } from '../source/store/state.js';
import { createAppStore } from '../source/store/store.js';
import { addNotice, markInterrupted } from '../source/store/localActions.js';
import { appendItems } from '../source/store/transcript.js';
import { readGitBranch } from '../source/sessionLog/gitBranch.js';
import { resumedState } from '../source/store/resumed.js';
import { homeRelative } from './view/welcomeLines.js';
import { usageSummaryLine } from '../source/util/format.js';
import { builtinCommands } from '../source/commands/builtins.js';
import { defaultKeyBindings } from '../source/commands/keyHelp.js';
import { CommandList } from '../source/commands/commandList.js';
import type { SlashCommand } from '../source/commands/slashCommand.js';
import { syncMcpPromptCommands } from '../source/commands/mcpPrompts.js';
import { App } from './App.js';
import { createIdleCollector } from './screen/idleCollect.js';
import { SetupScreen } from './SetupScreen.js';
import { setupLines } from './view/setupLines.js';
import { TrustGate } from './TrustGate.js';
import { ResumeDirectoryGate } from './ResumeDirectoryGate.js';
import type { ResumeDirectoryChoice, ResumeElsewhere } from '../source/protocol/sessions.js';
import type { TrustDecision, TrustRequest } from '../source/trust/request.js';
import type { KeyBindings } from '../source/config/keys.js';
import type { FileLister } from '../hooks/useWorkspaceFiles.js';
import { createFocusTracker } from '../hooks/focusReports.js';
import type { NotificationStyle } from '../source/config/types.js';
import { watchAttention } from './attention.js';

export interface TuiRenderHandle {
  unmount(): void;
  waitUntilExit(): Promise<void>;
  /** Writes a bell or notification sequence to the terminal between frames (full screen only). */
  alert?(sequence: string): void;
}

export interface StartTuiOptions {
  session?: ScreenSession;
  /** Shown instead of the app when there is no session (e.g. no API key). */
  setupMessage?: string;
  /** $REIN_HOME/prompt-history.jsonl */
  historyFile: string;
  /** Read from the working directory when not given. */
  gitBranch?: string;
  /** Events of a resumed session, replayed into the transcript before the first frame. */
  initialEvents?: AgentEvent[];
  /** Where the resumed log's older events are: read a page at a time as the view scrolls up to them. */
  earlierEvents?: EarlierEvents;
  /** Warnings to show at the top of the transcript (e.g. a resumed log whose last line was cut off). */
  notices?: string[];
  /** Custom slash commands (from command files); a built-in keeps its name when one clashes, with a warning. */
  customCommands?: readonly SlashCommand[];
  /** A first message, sent as soon as the session is on screen (`rein "task"`). */
  initialPrompt?: string;
  /** rein's version, shown in the welcome box of a new session. */
  version?: string;
  /** The global keys in force (agent.config.json's `keys`); the defaults when not given. */
  keys?: KeyBindings;
  /** Where the turn limit was set, named in the question asked when a run reaches it. */
  turnLimitFrom?: string;
  /** Mouse wheel scrolling (agent.config.json's `mouse`, default on). */
  mouse?: boolean;
  /** How to call for the user while the terminal is not focused (agent.config.json's `notifications`, default the bell). */
  notifications?: NotificationStyle;
  /** The renderer; the full-screen one by default. Tests pass Ink's own. */
  render?: (node: ReactElement) => TuiRenderHandle;
  /** Lists the workspace's files for the `@` menu (none offered without it). */
  listFiles?: FileLister;
  /** Called once the first frame is on screen: loads what the first request will need. */
  warmUp?: () => void;
  /** Claude Code's `statusLine` command, shown above the status bar; the project folder it runs in. */
  statusLine?: { setting: StatusLineSetting; projectDir: string };
}

export interface TuiResult {
  exitCode: number;
  /** Printed on the normal screen once the TUI has closed: the tokens used, or what the setup screen said. */
  usageLine: string;
}

async function defaultRender(mouse: boolean, focusReports = false): Promise<(node: ReactElement) => TuiRenderHandle> {
  const { renderFullScreen } = await import('./screen/render.js');
  return (node) => renderFullScreen(node, { exitOnCtrlC: false, mouse, focusReports });
}

import type { StatusLineSetting } from '../source/extensions/statusLineConfig.js';
import { feedStatusLine } from '../source/store/statusLineFeed.js';

export { readGitBranch } from '../source/sessionLog/gitBranch.js';
export { resumedState } from '../source/store/resumed.js';

/** Shows a question on a screen of its own until it is answered; `unanswered` when the screen closes first. */
async function askOnScreen<T>(ask: (answer: (given: T) => void) => ReactElement, unanswered: T, renderWith?: (node: ReactElement) => TuiRenderHandle): Promise<T> {
  const render = renderWith ?? (await defaultRender(false));
  let answer = unanswered;
  const handle: TuiRenderHandle = render(
    ask((given) => {
      answer = given;
      handle.unmount();
    }),
  );
  await handle.waitUntilExit();
  return answer;
}

/** Asks whether to trust the project, on a screen of its own before the session opens; `quit` for Ctrl+C. */
export function askProjectTrust(request: TrustRequest, renderWith?: (node: ReactElement) => TuiRenderHandle): Promise<TrustDecision | 'quit'> {
  return askOnScreen<TrustDecision | 'quit'>((onAnswer) => <TrustGate request={request} onAnswer={onAnswer} />, 'quit', renderWith);
}

/** Asks where a session --resume names from another directory runs: there, a new session here, or quit. */
export function askResumeDirectory(question: ResumeElsewhere, renderWith?: (node: ReactElement) => TuiRenderHandle): Promise<ResumeDirectoryChoice> {
  return askOnScreen<ResumeDirectoryChoice>((onAnswer) => <ResumeDirectoryGate question={question} onAnswer={onAnswer} />, 'quit', renderWith);
}

export function welcomeItem(session: SessionCapabilities, version: string): WelcomeItem {
  const { model, provider, cwd } = session.settings.info;
  return { kind: 'welcome', id: 'welcome', done: true, version, model, provider, cwd: homeRelative(cwd, homedir()) };
}

export async function startTui(opts: StartTuiOptions): Promise<TuiResult> {
  const { session } = opts;
  // The setup screen has nothing to scroll: mouse reporting stays off there.
  const notifications = opts.notifications ?? 'bell';
  // Focus reports are asked for only when something acts on them: a session that may call for the user.
  const render = opts.render ?? (await defaultRender(session !== undefined && (opts.mouse ?? true), session !== undefined && notifications !== 'off'));
  if (!session) {
    const message = opts.setupMessage ?? 'rein could not start a session: check agent.config.json and your API key settings.';
    const handle: TuiRenderHandle = render(<SetupScreen message={message} onExit={() => handle.unmount()} />);
    await handle.waitUntilExit();
    // The alternate screen takes what it said away with it: the same words stay on the normal screen.
    const said = setupLines(message, process.stdout.columns > 0 ? process.stdout.columns : 80, false);
    // Same exit code as headless mode for a configuration problem.
    return { exitCode: 2, usageLine: said.map((row) => (process.stdout.isTTY ? row : stripVTControlCharacters(row))).join('\n') };
  }

  let state = resumedState(session, opts.initialEvents ?? []);
  // A new session opens with the welcome box; a resumed one with its old transcript.
  if ((opts.initialEvents ?? []).length === 0) state = appendItems(state, welcomeItem(session, opts.version ?? ''));
  // A resumed log that stops mid-run was cut off by a crash or a kill: show that run as interrupted.
  state = markInterrupted(state);
  // /help lists the keys as agent.config.json binds them.
  const commands = new CommandList(builtinCommands(opts.keys ?? defaultKeyBindings));
  const clashes = commands.setSource('custom', opts.customCommands ?? []);
  for (const notice of [...(opts.notices ?? []), ...clashes]) state = addNotice(state, 'warning', notice);
  // The MCP servers' prompts join the list as the servers connect.
  const unsyncPrompts = syncMcpPromptCommands(commands, { mcp: session.inspection.mcp, subscribe: session.runs.subscribe });
  const bridge = createBridge(session, { commands, store: createAppStore(state), earlier: opts.earlierEvents });
  const gitBranch = opts.gitBranch ?? readGitBranch(session.settings.info.cwd);
  let handle: TuiRenderHandle | undefined;
  const stop = bridge.onExit(() => handle?.unmount());
  // Collect garbage once screen and keyboard have been quiet for a moment (see idleCollect.ts).
  const idle = createIdleCollector();
  const unwatchStore = bridge.store.subscribe((next, previous) => (previous.running && !next.running ? idle.now() : idle.activity()));
  const stopStatusLine = opts.statusLine
    ? feedStatusLine({ store: bridge.store, conversation: session.conversation, setting: opts.statusLine.setting, projectDir: opts.statusLine.projectDir, version: opts.version ?? '' })
    : undefined;
  const focus = createFocusTracker();
  const stopAttention = watchAttention({ store: bridge.store, style: notifications, focused: () => focus.focused(), write: (sequence) => handle?.alert?.(sequence) });
  const onKeys = (data: string | Uint8Array) => {
    idle.activity();
    focus.read(data);
  };
  process.stdin.on('data', onKeys);
  try {
    handle = render(<App bridge={bridge} historyFile={opts.historyFile} gitBranch={gitBranch} keys={opts.keys} turnLimitFrom={opts.turnLimitFrom} listFiles={opts.listFiles} />);
    // The first frame is on screen: load the HTTP client's parts now rather than when the first answer is asked for.
    if (opts.warmUp) setTimeout(opts.warmUp, 0).unref();
    if (opts.initialPrompt) bridge.send(opts.initialPrompt);
    await handle.waitUntilExit();
  } finally {
    idle.dispose();
    stopAttention();
    stopStatusLine?.();
    unsyncPrompts();
    unwatchStore();
    process.stdin.off('data', onKeys);
    stop();
    bridge.dispose();
    await session.close();
  }
  return { exitCode: 0, usageLine: usageSummaryLine(session.inspection.totalUsage(), bridge.store.getState().cost) };
}
