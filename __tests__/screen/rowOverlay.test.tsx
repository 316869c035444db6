// Row overlay: laid-out rows spliced into Ink's frames read on a terminal exactly as if Ink had drawn them.
import React, { useContext } from 'react';
import { Box, Text } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { createRowOverlay, RowOverlayContext } from '../../components/screen/rowOverlay.js';
import { renderFullScreen, type FullScreenHandle } from '../../components/screen/render.js';
import { createEmulator } from './terminalEmulator.js';
import { FakeTerminal } from './fakeTerminal.js';

describe('createRowOverlay', () => {
  it('paints rows over blank Ink rows, pads before what Ink drew to the right, and cuts long rows like Ink', () => {
    const overlay = createRowOverlay();
    overlay.set(['short', 'a row far too long', '\x1b[1mbold\x1b[22m'], 8);
    const frame = ['        │side', '', '        │x', 'status'].join('\n');
    expect(overlay.applyRows(frame)).toEqual(['short   │side', 'a row f…', '\x1b[1mbold\x1b[22m\x1b[m    │x', 'status']);
  });

  it('leaves rows alone where Ink drew inside the overlay, and does nothing once removed', () => {
    const overlay = createRowOverlay();
    overlay.set(['mine'], 6);
    expect(overlay.applyRows('theirs').join('\n')).toBe('theirs');
    overlay.set(undefined, 0);
    expect(overlay.applyRows('      x').join('\n')).toBe('      x');
  });
});

describe('rows above the frame', () => {
  it('draws fitted rows with their side rows above all of Ink\'s frame, blank rows to the height', () => {
    const overlay = createRowOverlay();
    overlay.setAbove({ rows: ['short', 'a row far too long'], width: 8, height: 3, side: ['│a', '│b', '│c'] });
    expect(overlay.applyRows('prompt\nstatus')).toEqual(['short   │a', 'a row f…│b', '        │c', 'prompt', 'status']);
    // What moves when the transcript scrolls is each row's part before its side row; Ink's rows move whole.
    expect(overlay.scrollKeys()).toEqual(['short   ', 'a row f…', '        ']);
    overlay.setAbove({ rows: ['short'], width: 8, height: 1 });
    expect(overlay.applyRows('prompt')).toEqual(['short', 'prompt']);
    expect(overlay.scrollKeys()).toBeUndefined();
  });

  it('cuts rows without side rows and gives the top back to Ink once removed', () => {
    const overlay = createRowOverlay();
    overlay.set(['mine'], 6);
    overlay.setAbove({ rows: ['a row far too long'], width: 8, height: 2 });
    expect(overlay.applyRows('status').join('\n')).toBe('a row f…\n\nstatus');
    overlay.setAbove(undefined);
    expect(overlay.applyRows('      x').join('\n')).toBe('mine  x');
  });

  it('draws rows below with the rows above, around an empty or a short Ink frame, and never without rows above', () => {
    const overlay = createRowOverlay();
    overlay.setAbove({ rows: ['top'], width: 8, height: 2 });
    overlay.setBelow(['❯ typed', 'status']);
    expect(overlay.applyRows('').join('\n')).toBe('top\n\n❯ typed\nstatus');
    expect(overlay.applyRows('dialog').join('\n')).toBe('top\n\ndialog\n❯ typed\nstatus');
    overlay.setAbove(undefined);
    expect(overlay.applyRows('ink').join('\n')).toBe('ink');
    overlay.setAbove({ rows: ['top'], width: 8, height: 1 });
    overlay.setBelow(undefined);
    expect(overlay.applyRows('ink').join('\n')).toBe('top\nink');
  });
});

function Rows({ rows, width }: { rows: string[]; width: number }) {
  const overlay = useContext(RowOverlayContext);
  overlay?.set(rows, width);
  return (
    <Box flexDirection="column">
      <Box flexDirection="row" height={rows.length}>
        <Box width={width} flexDirection="column">
          {overlay ? null : rows.map((row, i) => <Text key={i} wrap="truncate-end">{row === '' ? ' ' : row}</Text>)}
        </Box>
        <Box flexDirection="column" borderStyle="single" borderTop={false} borderBottom={false} borderRight={false}>
          <Text>side</Text>
        </Box>
      </Box>
      <Text>prompt</Text>
    </Box>
  );
}

const handles: FullScreenHandle[] = [];
afterEach(() => {
  for (const handle of handles.splice(0)) handle.unmount();
});

async function screenOf(node: React.ReactElement, overlay: boolean): Promise<string[]> {
  const term = new FakeTerminal(40, 8);
  const stream = term as unknown as NodeJS.WriteStream;
  const tree = overlay ? node : <RowOverlayContext.Provider value={undefined}>{node}</RowOverlayContext.Provider>;
  handles.push(renderFullScreen(tree, { stdout: stream, maxFps: 0, holdStrayOutput: false }));
  const emulator = createEmulator(40, 8);
  await emulator.feed(term.chunks.join(''));
  const screen = emulator.screen();
  emulator.dispose();
  return screen;
}

describe('renderFullScreen with overlay rows', () => {
  it('shows the same screen as drawing the rows through Ink', async () => {
    const rows = ['first row', '', '\x1b[36mcoloured\x1b[39m row', 'a row that is much too long for its box'];
    const viaOverlay = await screenOf(<Rows rows={rows} width={20} />, true);
    const viaInk = await screenOf(<Rows rows={rows} width={20} />, false);
    expect(viaOverlay).toEqual(viaInk);
    expect(viaOverlay[0]).toBe('first row           │side');
    expect(viaOverlay[3]).toBe('a row that is much …│');
  });
});
