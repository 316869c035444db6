// The main pane: the transcript, or the panel on top of the modal stack (task output, /mcp, /resume, /rewind), with
// the sidebar's rows beside it.
import type { ComponentProps } from 'react';
import { Box } from 'ink';
import type { ModalId } from '../hooks/modalStack.js';
import { Lines } from './Lines.js';
import { McpPanel } from './McpPanel.js';
import { ResumePanel } from './ResumePanel.js';
import { RewindPanel } from './RewindPanel.js';
import { TaskOutputPanel } from './TaskOutputPanel.js';
import { Transcript } from './Transcript.js';

type Sized<P> = Omit<P, 'width' | 'height'>;

export interface MainPaneProps {
  /** The panel shown in place of the transcript, if any. */
  panel?: ModalId;
  width: number;
  height: number;
  sidebarWidth: number;
  /** The sidebar as rows (sidebarLines.ts); undefined when it is hidden. */
  side?: readonly string[];
  transcript: Sized<ComponentProps<typeof Transcript>>;
  /** Each panel's props, read only while it is the one shown. */
  mcp: () => Sized<ComponentProps<typeof McpPanel>>;
  resume: () => Sized<ComponentProps<typeof ResumePanel>>;
  rewind: () => Sized<ComponentProps<typeof RewindPanel>>;
  task: () => Sized<ComponentProps<typeof TaskOutputPanel>> | undefined;
}

function PaneContent({ panel, width, height, ...o }: Omit<MainPaneProps, 'sidebarWidth' | 'side'>) {
  const task = panel === 'task' ? o.task() : undefined;
  if (panel === 'mcp') return <McpPanel {...o.mcp()} width={width} height={height} />;
  if (panel === 'resume') return <ResumePanel {...o.resume()} width={width} height={height} />;
  if (panel === 'rewind') return <RewindPanel {...o.rewind()} width={width} height={height} />;
  if (task) return <TaskOutputPanel {...task} width={width} height={height} />;
  return <Transcript {...o.transcript} width={width} height={height} />;
}

export function MainPane({ sidebarWidth, side, ...content }: MainPaneProps) {
  return (
    <Box flexDirection="row" height={content.height} flexShrink={0} overflow="hidden">
      <PaneContent {...content} />
      {side ? <Lines lines={side} width={sidebarWidth} /> : null}
    </Box>
  );
}
