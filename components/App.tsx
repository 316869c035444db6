// The app: the frame's layout (frameLayout.ts), the modal stack that owns the keys (hooks/modalStack.ts), the main
// pane (transcript or panel, and the sidebar), then queue, prompt or the top dialog, and the status bar.
import { useCallback, useContext, useMemo, useRef, useState } from 'react';
import { Box } from 'ink';
import type { McpServerStatus } from '../source/protocol/events.js';
import { useStore } from '../hooks/useStore.js';
import { useCommands } from '../hooks/useCommands.js';
import { useLiveTranscript, useOverlayReset, useOverlayRows } from '../hooks/useLiveTranscript.js';
import { useTerminalSize } from '../hooks/useTerminalSize.js';
import { useNow, useSpinnerFrame } from '../hooks/useTicker.js';
import { usePromptController, usePromptMeasure } from '../hooks/usePromptController.js';
import { useWorkspaceFiles } from '../hooks/useWorkspaceFiles.js';
import { useApprovalDialog } from '../hooks/useApprovalDialog.js';
import { useMcpPanel } from '../hooks/useMcpPanel.js';
import { useResumePicker } from '../hooks/useResumePicker.js';
import { useRewindPanel } from '../hooks/useRewindPanel.js';
import { useTurnLimitDialog } from '../hooks/useTurnLimitDialog.js';
import type { TurnLimitDecision } from '../hooks/turnLimitKeys.js';
import { selectedIndex } from '../hooks/mcpPanelKeys.js';
import { useKeymap } from '../hooks/useKeymap.js';
import { useViewport } from '../hooks/useViewport.js';
import { useLiveStatus } from '../hooks/useLiveStatus.js';
import { useUserStatusRows } from '../hooks/useUserStatusRows.js';
import { useTranscriptLayout } from '../hooks/useTranscriptLayout.js';
import type { GlobalAction } from '../hooks/keymap.js';
import type { WheelEvent } from '../hooks/keyChunks.js';
import { useMarkdownVersion } from '../hooks/useMarkdownVersion.js';
import { backgroundOf, promptTextRows, queuedLines, statusLine } from './view/bottomLines.js';
import { frameHeights, frameSize } from './frameLayout.js';
import { modalStack, shownModals, taskPanelKey, type Modal } from '../hooks/modalStack.js';
import { MainPane } from './MainPane.js';
import { sidebarRows } from './view/sidebarLines.js';
import { sliceViewport } from './view/transcriptLines.js';
import { runningSubagents } from '../source/store/subagents.js';
import { runningToolSince } from '../source/store/liveProgress.js';
import { TranscriptView } from './view/transcriptView.js';
import { RowOverlayContext } from './screen/rowOverlay.js';
import { SPINNER_SLOT } from './view/spinner.js';
import { QuestionDialog, questionFit } from './QuestionDialog.js';
import { useQuestionDialog } from '../hooks/useQuestionDialog.js';
import { initialQuestionUi } from '../hooks/questionKeys.js';
import { ApprovalDialog } from './ApprovalDialog.js';
import { approvalLayout } from './view/approvalLines.js';
import { TurnLimitDialog, turnLimitDialogHeight } from './TurnLimitDialog.js';
import { PromptArea } from './PromptArea.js';
import { QueuedMessages } from './QueuedMessages.js';
import { Lines } from './Lines.js';
import type { AppProps } from './appProps.js';

export type { AppProps } from './appProps.js';

const promptMaxRows = 8;
/** Transcript lines one wheel notch scrolls. */
const wheelLines = 3;
const noServers: readonly McpServerStatus[] = [], noTools: readonly { name: string; description?: string }[] = [];

export function App({ bridge, historyFile, gitBranch, now, keys, turnLimitFrom, listFiles }: AppProps) {
  const { store } = bridge;
  const { columns, rows } = useTerminalSize();

  const session = useStore(store, (s) => s.session);
  // Full screen, the transcript's rows go above Ink's frame; streamed lines are then painted without a render.
  const overlay = useContext(RowOverlayContext);
  const view = useRef<TranscriptView>(undefined);
  view.current ??= new TranscriptView();
  const { transcript, setLive } = useLiveTranscript(store, overlay, view.current);
  // Laid out from the newest state: `transcript` lags behind streamed text that was painted directly.
  const latest = store.getState().transcript;
  const trimmedCount = useStore(store, (s) => s.trimmedCount);
  const approvals = useStore(store, (s) => s.approvals);
  const questions = useStore(store, (s) => s.questions);
  const todos = useStore(store, (s) => s.todos);
  const tasks = useStore(store, (s) => s.tasks);
  const usage = useStore(store, (s) => s.usage);
  const cost = useStore(store, (s) => s.cost);
  const context = useStore(store, (s) => s.context);
  const mcp = useStore(store, (s) => s.mcp);
  const panel = useStore(store, (s) => s.panel);
  const turnLimit = useStore(store, (s) => s.turnLimit);
  const running = useStore(store, (s) => s.running);
  const queued = useStore(store, (s) => s.queued);
  const steering = useStore(store, (s) => s.steering);

  const markdownVersion = useMarkdownVersion();

  const [sidebarPref, setSidebarPref] = useState<boolean | undefined>(undefined);
  const { frameHeight, showSidebar, sidebarWidth, mainWidth, textWidth, dialogMaxRows } = frameSize(columns, rows, sidebarPref);

  const [taskPanelId, setTaskPanelId] = useState<string | undefined>(undefined);
  const panelTask = tasks.find((t) => t.taskId === taskPanelId);
  const anyTaskRunning = tasks.some((t) => t.status === 'running');
  // Subagents at work, read from the transcript this render lays out: their blocks and the sidebar tick with the clock.
  const subagents = useMemo(() => runningSubagents(latest), [latest]);
  // A running tool call's line shows its elapsed time, so the clock ticks while one runs.
  const toolSince = running ? runningToolSince(latest) : undefined;
  const clock = useNow(anyTaskRunning || subagents.length > 0 || panelTask !== undefined || toolSince !== undefined, panelTask ? 500 : 1000);
  const layoutNow = subagents.length > 0 || toolSince !== undefined ? clock : 0;

  const spinnerActive = running || transcript.some((i) => !i.done);
  // Full screen, spinners are slots the renderer animates itself; only without it do they take renders.
  const spinnerFrame = useSpinnerFrame(spinnerActive && overlay === undefined);
  const spinner = overlay === undefined ? spinnerFrame : SPINNER_SLOT;

  const commands = useCommands(bridge.commands);
  const send = useCallback((text: string) => bridge.send(text), [bridge]);
  const files = useWorkspaceFiles(session.cwd, listFiles);
  const prompt = usePromptController({ historyFile, commands, files, onSubmit: send });
  // The app depends on the prompt only through its height and the menu's: a key that changes neither renders the prompt alone.
  const promptTextHeight = usePromptMeasure(prompt, (v) => promptTextRows(v.editor.text, columns, promptMaxRows));
  const menuLength = usePromptMeasure(prompt, (v) => v.menu.items.length);
  const approval = approvals[0];
  const approvalFit = useMemo(() => (approval ? approvalLayout(approval, columns, dialogMaxRows) : undefined), [approval, columns, dialogMaxRows]);
  // A page keeps one row of the last in view.
  const dialog = useApprovalDialog(approval, bridge.respond, approvalFit?.maxScroll, Math.max(1, (approvalFit?.room ?? 2) - 1));
  // A tool's question (ask_user, a plan to approve) comes after the approvals of the calls before it.
  const questionShown = approval ? undefined : questions[0];
  const planFit = useMemo(() => (questionShown?.kind === 'plan' ? questionFit(questionShown, initialQuestionUi, columns, dialogMaxRows) : undefined), [questionShown, columns, dialogMaxRows]);
  const questionDialog = useQuestionDialog(questionShown, bridge.answer, { maxScroll: planFit?.maxScroll ?? 0, room: planFit?.room ?? 1 });
  const questionDialogFit = questionShown ? questionFit(questionShown, questionDialog.questionUi, columns, dialogMaxRows) : undefined;
  // The turn-limit question comes after a run's approval: it waits for no run.
  const turnLimitShown = approval || questionShown ? undefined : turnLimit;
  const answerTurnLimit = useCallback((decision: TurnLimitDecision) => (decision === 'continue' ? bridge.continueRun() : bridge.stopAtTurnLimit()), [bridge]);
  const turnLimitDialog = useTurnLimitDialog(turnLimitShown, answerTurnLimit);
  const asking = approval !== undefined || questionShown !== undefined || turnLimitShown !== undefined;
  const mcpServers = mcp ?? noServers;
  const mcpPanelOpen = panel === 'mcp';
  const mcpPanel = useMcpPanel(mcpServers, bridge);
  const resumePanelOpen = panel === 'resume';
  const resumePicker = useResumePicker(resumePanelOpen, bridge);
  const rewindPanelOpen = panel === 'rewind';
  const rewindPanel = useRewindPanel(rewindPanelOpen, bridge, prompt.setText);

  const userRows = useUserStatusRows(store, asking || menuLength > 0, columns, frameHeight);
  const dialogRows = approvalFit?.height ?? questionDialogFit?.height ?? (turnLimitShown ? Math.min(dialogMaxRows, turnLimitDialogHeight(turnLimitShown.turns, columns, turnLimitFrom)) : 0);
  const { queuedRows, promptRows, menuRows, mainHeight } = frameHeights({ frameHeight, asking, queued: queued.length, userRows: userRows.length, dialogRows, promptText: promptTextHeight, menuItems: menuLength });

  const layout = useTranscriptLayout(latest, trimmedCount, textWidth, spinner, markdownVersion, mainHeight, view.current, layoutNow);
  const viewport = useViewport(layout.total, mainHeight, layout.addedAbove, textWidth);

  const onAction = useCallback(
    (action: GlobalAction) => {
      switch (action.kind) {
        case 'abort': {
          const dropped = bridge.abort();
          // Messages not yet sent (steering the model had not taken too) come back to the prompt, before what is typed there.
          if (dropped.length > 0) prompt.setText([...dropped, prompt.text()].filter((text) => text !== '').join('\n'));
          return;
        }
        case 'cycleMode':
          return bridge.cycleMode();
        case 'scroll':
          // Earlier items are laid out only when the view heads towards them.
          if (action.to === 'top') layout.reveal(Number.POSITIVE_INFINITY);
          else if (action.to === 'pageUp' || action.to === 'linesUp') layout.reveal(viewport.offset + mainHeight * 4);
          // A resumed session's older transcript is read from its log as the view nears the top of what is loaded.
          if (action.to === 'top' || ((action.to === 'pageUp' || action.to === 'linesUp') && !layout.from && viewport.offset + mainHeight * 4 >= layout.total)) bridge.loadEarlier(action.to === 'top');
          return viewport.scroll(action.to, action.lines);
        case 'exit':
          return bridge.exit();
        case 'toggleSidebar':
          return setSidebarPref(!showSidebar);
        case 'openTasks':
          if (tasks.length > 0) setTaskPanelId(tasks[tasks.length - 1].taskId);
          return;
        case 'expand':
          return bridge.toggleExpand(action.which);
      }
    },
    [bridge, prompt, viewport, layout, mainHeight, showSidebar, tasks],
  );

  const onTaskPanelKey = useCallback(
    (input: string, key: Parameters<Modal['handleKey']>[1]) => {
      const next = taskPanelKey(tasks, taskPanelId, input, key);
      if (next.kill) void bridge.killTask(next.kill);
      else if (next.selected !== taskPanelId) setTaskPanelId(next.selected);
    },
    [bridge, tasks, taskPanelId],
  );


  // The modal stack, top first: it decides who has the keys, which dialog shows at the bottom and which panel on top.
  const modals = modalStack([
    approval && { id: 'approval', kind: 'dialog', handleKey: dialog.handleKey },
    questionShown && { id: 'question', kind: 'dialog', handleKey: questionDialog.handleKey },
    turnLimitShown && { id: 'turnLimit', kind: 'dialog', handleKey: turnLimitDialog.handleKey },
    mcpPanelOpen && { id: 'mcp', kind: 'panel', handleKey: mcpPanel.handleKey },
    resumePanelOpen && { id: 'resume', kind: 'panel', handleKey: resumePicker.handleKey, takesPaste: true },
    rewindPanelOpen && { id: 'rewind', kind: 'panel', handleKey: rewindPanel.handleKey },
    panelTask && { id: 'task', kind: 'panel', handleKey: onTaskPanelKey },
  ]);
  const shown = shownModals(modals);

  // The wheel scrolls the transcript only while the pointer is over it (1-based cells; the transcript is top left).
  const onWheel = useCallback(
    (event: WheelEvent) => {
      if (panelTask || mcpPanelOpen || resumePanelOpen || event.row > mainHeight || event.column > mainWidth) return;
      onAction({ kind: 'scroll', to: event.direction === 'up' ? 'linesUp' : 'linesDown', lines: wheelLines });
    },
    [onAction, panelTask, mcpPanelOpen, resumePanelOpen, mainHeight, mainWidth],
  );

  const { exitArmed } = useKeymap({
    modal: modals[0],
    // Esc twice on an empty prompt opens /rewind, refused in one line while a run is active.
    onDoubleEscape: () => bridge.send('/rewind'),
    prompt: prompt.handleKey,
    promptOwnsKeys: prompt.searching,
    running,
    promptEmpty: () => prompt.text() === '',
    bindings: keys,
    onAction,
    onWheel,
    onInterrupt: () => {
      if (running) onAction({ kind: 'abort' });
      else prompt.setText('');
    },
    onExit: () => bridge.exit(),
    onRefresh: () => overlay?.refresh(),
    now,
  });

  const mcpPicked = mcpServers[selectedIndex(mcpPanel.ui, mcpServers.map((s) => s.name))];
  const mcpTools = mcpPanelOpen && mcpPanel.ui.tools && mcpPicked ? bridge.mcpTools(mcpPicked.name) : noTools;

  // The spinner beside a todo in progress, only while the agent works.
  const todoSpinner = running && todos.some((t) => t.status === 'in_progress') ? spinner : undefined;
  // Full screen, following the bottom, the transcript and the sidebar go above Ink's frame as ready rows,
  // so each keystroke or streamed line has Ink lay out only the few rows below them.
  const side = useMemo(
    () => (showSidebar ? sidebarRows({ todos, tasks, subagents, selectedId: panelTask?.taskId, now: clock, width: sidebarWidth, height: mainHeight, spinner: todoSpinner }) : undefined),
    [showSidebar, todos, tasks, subagents, panelTask?.taskId, clock, sidebarWidth, mainHeight, todoSpinner],
  );
  const above = overlay !== undefined && shown.panel === undefined && viewport.offset === 0 && mainHeight > 0 && (!showSidebar || side !== undefined);
  const aboveRows = above ? { rows: sliceViewport(layout, mainHeight, 0), width: mainWidth, height: mainHeight, side } : undefined;
  const hint = exitArmed ? 'Press Ctrl+C again to exit' : undefined;
  // Without the sidebar, the status line counts what runs in the background.
  // A background subagent is both a task and a block in the transcript: counted once, as a task.
  const background = useMemo(() => (showSidebar ? undefined : backgroundOf(tasks, subagents.filter((s) => !s.background).length)), [showSidebar, tasks, subagents]);
  const statusInput = useMemo(() => ({ session, usage, cost, context, gitBranch, mcp, width: columns, background }), [session, usage, cost, context, gitBranch, mcp, columns, background]);
  const status = useMemo(() => statusLine(statusInput), [statusInput]);
  // Below the transcript too, without a dialog, the rows go into the frame ready-made: a keystroke leaves Ink nothing to lay out.
  const below = above && !asking;
  // While a run works the status line shows its elapsed time and the tokens streamed so far.
  const liveStatus = useLiveStatus(store, overlay, statusInput, below);
  // The prompt's own render puts the rows below the transcript in place (see PromptArea), so a key renders nothing else.
  const queuedRowLines = useMemo(() => queuedLines(queued, columns, queuedRows, steering), [queued, columns, queuedRows, steering]);
  const frame = useMemo(() => (below && overlay ? { overlay, above: queuedRowLines, status: userRows, below: status } : undefined), [below, overlay, queuedRowLines, userRows, status]);
  const liveRows = above ? { width: textWidth, mainWidth, height: mainHeight, side, spinner, markdownVersion, minLines: layout.minLines, now: layoutNow } : undefined;
  useOverlayRows(overlay, aboveRows, below, () => setLive(liveRows, latest));
  useOverlayReset(overlay);

  const promptArea = <PromptArea controller={prompt} view={prompt.view()} width={columns} rows={promptRows} menuRows={menuRows} running={running} spinner={spinner} hint={hint} frame={frame} />;
  if (below) return <Box width={columns} height={0}>{promptArea}</Box>;
  return (
    <Box flexDirection="column" width={columns} height={above ? frameHeight - mainHeight : frameHeight} overflow="hidden">
      {above ? null : (
        <MainPane
          panel={shown.panel}
          width={mainWidth}
          height={mainHeight}
          sidebarWidth={sidebarWidth}
          side={side}
          transcript={{ layout, offset: viewport.offset, unseen: viewport.unseen }}
          mcp={() => ({ servers: mcpServers, ui: mcpPanel.ui, tools: mcpTools, resources: mcpPicked && mcpPanel.resources?.server === mcpPicked.name ? mcpPanel.resources.items : undefined, error: mcpPanel.error })}
          resume={() => ({ shown: resumePicker.shown, total: resumePicker.total, ui: resumePicker.ui, error: resumePicker.error })}
          rewind={() => ({ ui: rewindPanel.ui, points: rewindPanel.points, preview: rewindPanel.preview, busy: rewindPanel.busy, error: rewindPanel.error })}
          task={() => (panelTask ? { task: panelTask, output: bridge.taskOutput(panelTask.taskId), now: clock } : undefined)}
        />
      )}
      <QueuedMessages queued={queued} steering={steering} width={columns} maxRows={queuedRows} />
      {shown.dialog === 'approval' && approval ? (
        <ApprovalDialog approval={approval} queueCount={approvals.length} ui={dialog.ui} width={columns} maxHeight={dialogMaxRows} />
      ) : shown.dialog === 'question' && questionShown ? (
        <QuestionDialog question={questionShown} questionUi={questionDialog.questionUi} planUi={questionDialog.planUi} width={columns} maxHeight={dialogMaxRows} />
      ) : shown.dialog === 'turnLimit' && turnLimitShown ? (
        <TurnLimitDialog turns={turnLimitShown.turns} selected={turnLimitDialog.selected} width={columns} from={turnLimitFrom} maxHeight={dialogRows} />
      ) : (
        promptArea
      )}
      {userRows.length > 0 ? <Lines lines={userRows} width={columns} /> : null}
      <Lines lines={[statusLine({ ...statusInput, live: liveStatus })]} width={columns} />
    </Box>
  );
}
