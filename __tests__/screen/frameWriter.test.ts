// The frame writer, played back through a headless xterm: the screen must equal the last frame, cheaply and in synchronized writes.

import { afterEach, describe, expect, it } from 'vitest';
import { createFrameWriter, type FrameWriter } from '../../components/screen/frameWriter.js';
import { ManualClock, createEmulator, expectedScreen, type EmulatedTerminal } from './terminalEmulator.js';

const SYNC_BEGIN = '\x1b[?2026h';
const SYNC_END = '\x1b[?2026l';
const CLEAR = '\x1b[2J';

interface Rig {
  writer: FrameWriter;
  term: EmulatedTerminal;
  writes: string[];
  size: { cols: number; rows: number };
  clock: ManualClock;
  /** Feeds every write not yet played back into the emulator. */
  sync(): Promise<void>;
}

const rigs: Rig[] = [];
afterEach(() => {
  for (const rig of rigs.splice(0)) {
    rig.writer.dispose();
    rig.term.dispose();
  }
});

function makeRig(cols: number, rows: number, maxFps: number | 'default' = 0): Rig {
  const writes: string[] = [];
  const size = { cols, rows };
  const clock = new ManualClock();
  const term = createEmulator(cols, rows);
  let played = 0;
  const writer = createFrameWriter(
    { write: (s: string) => writes.push(s) },
    { rows: () => size.rows, cols: () => size.cols, maxFps: maxFps === 'default' ? undefined : maxFps, now: clock.now, schedule: clock.schedule },
  );
  const rig: Rig = {
    writer,
    term,
    writes,
    size,
    clock,
    async sync() {
      while (played < writes.length) await term.feed(writes[played++]);
    },
  };
  rigs.push(rig);
  return rig;
}

async function enterAltScreen(rig: Rig): Promise<void> {
  await rig.term.feed('\x1b[?1049h\x1b[?7l');
}

/** Wraps text at `width` columns on word boundaries, like a transcript view would. */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/(?<= )/)) {
      if (line.length + word.trimEnd().length > width) {
        out.push(line.trimEnd());
        line = '';
      }
      line += word;
    }
    out.push(line.trimEnd());
  }
  return out;
}

/** A transcript scrolled to its end above a fixed status line and prompt box. */
function chatFrame(transcript: string[], rows: number, cols: number, status: string, prompt = ''): string {
  const height = rows - 5;
  const visible = transcript.slice(-height);
  while (visible.length < height) visible.unshift('');
  const border = '─'.repeat(cols - 2);
  return [...visible, `\x1b[36m${status}\x1b[39m`, `╭${border}╮`, `│> ${prompt}`.padEnd(cols - 1) + '│', `╰${border}╯`].join('\n');
}

function markdownAnswer(minBytes: number): string {
  let text = '';
  for (let i = 0; text.length < minBytes; i++) {
    text += `## Part ${i}\n\nParagraph ${i} explains how the **writer** keeps \`scroll regions\` cheap while an answer streams; it wraps over more than one line on a wide terminal so the test sees real wrapping.\n\n- first point of part ${i}\n- second point of part ${i}\n\n`;
  }
  return text;
}

describe('frame writer screen contents', () => {
  it('leaves exactly the last frame on screen while text grows line by line and token by token', async () => {
    const rig = makeRig(60, 12);
    await enterAltScreen(rig);
    const words = 'rein streams answers into the terminal one token at a time and wraps them neatly '.repeat(6).split(/(?<= )/);
    let text = '';
    for (const word of words) {
      text += word;
      const frame = wrap(text, 60).join('\n');
      rig.writer.render(frame);
      await rig.sync();
      expect(rig.term.screen()).toEqual(expectedScreen(frame, 12));
    }
    expect(rig.term.syncOpen()).toBe(false);
  });

  it('keeps a fixed prompt and status under a scrolling transcript, and clears rows that disappear', async () => {
    const rig = makeRig(50, 14);
    await enterAltScreen(rig);
    const transcript: string[] = [];
    for (let i = 0; i < 40; i++) {
      transcript.push(`message line ${i} ${'·'.repeat(i % 20)}`);
      const frame = chatFrame(transcript, 14, 50, `tokens ${i * 7}`);
      rig.writer.render(frame);
      await rig.sync();
      expect(rig.term.screen()).toEqual(expectedScreen(frame, 14));
    }
    // The layout shrinks: rows below the new last line must be cleared.
    const shorter = ['only', 'three', 'lines'].join('\n');
    rig.writer.render(shorter);
    await rig.sync();
    expect(rig.term.screen()).toEqual(expectedScreen(shorter, 14));
    expect(rig.term.scrollback()).toBe(0);
  });

  it('handles content that moves down (scrolling back), styled text and wide characters', async () => {
    const rig = makeRig(40, 10);
    await enterAltScreen(rig);
    const lines = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? `\x1b[1m粗体 ${i}\x1b[22m 🙂 done` : `plain ${i} ｗｉｄｅ`));
    for (const top of [20, 15, 14, 10, 3, 0, 2, 22]) {
      const frame = [...lines.slice(top, top + 8), '\x1b[7m status \x1b[27m'].join('\n');
      rig.writer.render(frame);
      await rig.sync();
      expect(rig.term.screen()).toEqual(expectedScreen(frame, 10));
    }
  });

  it('matches the last frame across many random edits, shifts, insertions and removals', async () => {
    let seed = 12345;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const rig = makeRig(30, 12);
    await enterAltScreen(rig);
    let lines = Array.from({ length: 10 }, (_, i) => `row ${i}`);
    for (let step = 0; step < 300; step++) {
      const action = random(6);
      if (action === 0) lines = lines.slice(1 + random(3));
      else if (action === 1) lines = [...lines, `new ${step}`, ...(random(2) ? [`more ${step}`] : [])];
      else if (action === 2 && lines.length > 0) lines[random(lines.length)] = `edit ${step} ${'x'.repeat(random(20))}`;
      else if (action === 3) lines.splice(random(lines.length + 1), 0, `ins ${step}`);
      else if (action === 4 && lines.length > 0) lines.splice(random(lines.length), 1);
      else lines = [`top ${step}`, ...lines];
      lines = lines.slice(-14);
      const frame = lines.join('\n');
      rig.writer.render(frame);
      await rig.sync();
      expect(rig.term.screen(), `after step ${step}`).toEqual(expectedScreen(frame, 12));
    }
  });

  it('takes a frame as its rows as well as joined, and leaves the rows it was given unchanged', async () => {
    const rig = makeRig(30, 6);
    await enterAltScreen(rig);
    const rows = Object.freeze(['one', '\x1b[1mtwo\x1b[22m', 'three']);
    rig.writer.render(rows);
    await rig.sync();
    expect(rig.term.screen()).toEqual(expectedScreen(rows.join('\n'), 6));
    // A row with a line break in it is two rows, as in a joined frame; more rows than the screen keep the bottom.
    const taller = ['a', 'b\nc', 'd', 'e', 'f', 'g', 'h'];
    rig.writer.render(taller);
    await rig.sync();
    expect(rig.term.screen()).toEqual(expectedScreen(taller.join('\n'), 6));
    expect(taller).toHaveLength(7);
    // The same rows offered again send nothing.
    const before = rig.writes.length;
    rig.writer.render(taller.join('\n').split('\n').slice(-6));
    expect(rig.writes).toHaveLength(before);
  });

  it('scrolls a styled transcript beside a fixed sidebar and sends only the new line and the sidebar cells', async () => {
    const cols = 60;
    const rig = makeRig(cols, 12);
    await enterAltScreen(rig);
    const words = ['render', 'frames', 'cheaply', 'while', 'answers', 'stream', 'into', 'rows', 'beside', 'panels'];
    const side = ['\x1b[1mTodos 0/0\x1b[22m', '\x1b[2mnone yet\x1b[22m', '', '\x1b[1mBackground\x1b[22m', '\x1b[2mno tasks\x1b[22m'];
    const transcript: string[] = [];
    const sizes: number[] = [];
    for (let i = 0; i < 30; i++) {
      transcript.push(`  ${words.slice(i % 5, (i % 5) + 2 + (i % 4)).join(' ')} \x1b[33m${words[(i * 7) % words.length]}\x1b[39m ${i}`);
      const visible = transcript.slice(-10);
      while (visible.length < 10) visible.unshift('');
      const rows = visible.map((line, row) => {
        const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
        return `${line}${' '.repeat(48 - plain.length)}\x1b[2m│\x1b[22m ${side[row] ?? ''}`;
      });
      const frame = [...rows, '\x1b[36mstatus\x1b[39m'].join('\n');
      const before = rig.writes.length;
      rig.writer.render(frame);
      await rig.sync();
      expect(rig.term.screen(), `after line ${i}`).toEqual(expectedScreen(frame, 12));
      sizes.push(rig.writes.slice(before).join('').length);
    }
    // Once the transcript fills its rows, a new line scrolls them: the moved text is never sent again, only the
    // new line and the five sidebar rows the scroll carried along (rewriting the moved rows would be ~600 bytes).
    for (const size of sizes.slice(12)) expect(size).toBeLessThan(260);
  });

  it('scrolls a transcript beside a sidebar whose every row differs, told by the rows\' keys what moves', async () => {
    const cols = 60;
    const keyed = makeRig(cols, 12);
    const plain = makeRig(cols, 12);
    await enterAltScreen(keyed);
    await enterAltScreen(plain);
    const sent = { keyed: 0, plain: 0 };
    const transcript: string[] = [];
    for (let i = 0; i < 30; i++) {
      transcript.push(`  line ${i}: the answer goes on \x1b[33mword ${(i * 7) % 11}\x1b[39m, more`);
      const visible = transcript.slice(-10);
      while (visible.length < 10) visible.unshift('');
      // A sidebar with text on every row (a long todo list): no whole row ever equals an old one.
      const parts = visible.map((line) => `${line}${' '.repeat(48 - line.replace(/\x1b\[[0-9;]*m/g, '').length)}`);
      const rows = [...parts.map((part, row) => `${part}\x1b[2m│\x1b[22m todo ${row}/10`), '\x1b[36mstatus\x1b[39m'];
      const keys = [...parts, undefined];
      for (const [rig, rowKeys, name] of [[keyed, keys, 'keyed'], [plain, undefined, 'plain']] as const) {
        const before = rig.writes.length;
        rig.writer.render(rows, rowKeys);
        await rig.sync();
        expect(rig.term.screen(), `${name}, after line ${i}`).toEqual(expectedScreen(rows.join('\n'), 12));
        if (i >= 12) sent[name] += rig.writes.slice(before).join('').length;
      }
    }
    // With the keys, each new line scrolls the rows and patches the sidebar cells the scroll carried along;
    // without them, every moved row's transcript part is written again.
    expect(sent.keyed).toBeLessThan(sent.plain * 0.75);
  });

  it('puts the next row in its place when the row above it changed only in trailing blanks (a change that sends nothing)', async () => {
    // The frame before: a streamed word's trailing space still on row 1; the frame after: gone, and rows 2-3 new.
    const rig = makeRig(20, 5);
    await enterAltScreen(rig);
    rig.writer.render(['aaaa', 'bbbb ', 'cccc', 'dddd', 'eeee'].join('\n'));
    const next = ['aaaa', 'bbbb', 'CCCC', 'DDDD', 'eeee'].join('\n');
    rig.writer.render(next);
    await rig.sync();
    expect(rig.term.screen()).toEqual(expectedScreen(next, 5));
    expect(rig.term.scrollback()).toBe(0);
  });

  it('repaints from a cleared screen after invalidate, once, at the new size', async () => {
    const rig = makeRig(40, 10);
    await enterAltScreen(rig);
    const before = Array.from({ length: 9 }, (_, i) => `wide layout line ${i} ${'='.repeat(15)}`).join('\n');
    rig.writer.render(before);
    await rig.sync();
    const writesBefore = rig.writes.length;

    rig.size.cols = 25;
    rig.size.rows = 6;
    rig.term.resize(25, 6);
    rig.writer.invalidate();
    const after = Array.from({ length: 5 }, (_, i) => `narrow ${i}`).join('\n');
    rig.writer.render(after);
    await rig.sync();
    expect(rig.term.screen()).toEqual(expectedScreen(after, 6));
    const resizeWrites = rig.writes.slice(writesBefore);
    expect(resizeWrites).toHaveLength(1);
    expect(resizeWrites[0]).toContain(CLEAR);

    // The next ordinary frame is a diff again.
    const edited = after.replace('narrow 2', 'changed');
    rig.writer.render(edited);
    await rig.sync();
    expect(rig.writes.at(-1)).not.toContain(CLEAR);
    expect(rig.term.screen()).toEqual(expectedScreen(edited, 6));
  });
});

describe('frame writer output shape', () => {
  it('wraps every write in one synchronized-output pair and clears the screen only on the first frame', () => {
    const rig = makeRig(50, 14);
    const transcript: string[] = [];
    for (let i = 0; i < 30; i++) {
      transcript.push(`line ${i}`);
      rig.writer.render(chatFrame(transcript, 14, 50, `status ${i}`));
    }
    expect(rig.writes.length).toBeGreaterThan(20);
    for (const write of rig.writes) {
      expect(write.startsWith(SYNC_BEGIN)).toBe(true);
      expect(write.endsWith(SYNC_END)).toBe(true);
      expect(write.split(SYNC_BEGIN)).toHaveLength(2);
      expect(write.split(SYNC_END)).toHaveLength(2);
    }
    expect(rig.writes[0]).toContain(CLEAR);
    expect(rig.writes.slice(1).some((w) => w.includes(CLEAR))).toBe(false);
  });

  it('writes nothing for a frame identical to the screen', () => {
    const rig = makeRig(20, 5);
    rig.writer.render('same\nframe');
    rig.writer.render('same\nframe');
    expect(rig.writes).toHaveLength(1);
  });

  it('sends a scrolling transcript in far fewer bytes than full repaints', async () => {
    const rig = makeRig(120, 40);
    await enterAltScreen(rig);
    const transcript: string[] = [];
    let naiveBytes = 0;
    let frame = '';
    for (let i = 0; i < 120; i++) {
      transcript.push(`${i}: ${'streamed answer text that fills most of a wide terminal row '.repeat(2)}`.slice(0, 118));
      frame = chatFrame(transcript, 40, 120, `tokens ${i * 12} · 1.2s`);
      naiveBytes += Buffer.byteLength(frame);
      rig.writer.render(frame);
    }
    const written = rig.writes.reduce((sum, w) => sum + Buffer.byteLength(w), 0);
    expect(written).toBeLessThan(naiveBytes / 5);
    expect(rig.writes.slice(40).every((w) => /\x1b\[\d+;\d+r\x1b\[1S\x1b\[r/.test(w))).toBe(true);
    await rig.sync();
    expect(rig.term.screen()).toEqual(expectedScreen(frame, 40));
  });

  it('streams a 12 KB markdown answer at 200 tokens/s in under 18 bytes per token on 120×40', async () => {
    const rig = makeRig(120, 40, 30);
    await enterAltScreen(rig);
    const tokens = markdownAnswer(12_000).match(/\S+\s*/g) ?? [];
    let text = '';
    let frame = '';
    tokens.forEach((token, i) => {
      text += token;
      frame = chatFrame(wrap(text, 118), 40, 120, `answering · ${i + 1} tokens`);
      rig.writer.render(frame);
      rig.clock.advance(5);
    });
    rig.clock.advance(100);
    const written = rig.writes.reduce((sum, w) => sum + Buffer.byteLength(w), 0);
    expect(written / tokens.length).toBeLessThan(18);
    // 200 tokens/s capped near 30 frames/s: about one write per 6–7 tokens.
    expect(rig.writes.length).toBeLessThanOrEqual(Math.ceil((tokens.length * 5) / (1000 / 30)) + 2);
    await rig.sync();
    expect(rig.term.screen()).toEqual(expectedScreen(frame, 40));
  });
});

describe('frame writer pacing', () => {
  it('writes at once when idle and coalesces frames that arrive faster than maxFps into the latest one', () => {
    const rig = makeRig(30, 5, 10); // one write per 100 ms
    rig.writer.render('apple');
    expect(rig.writes).toHaveLength(1);

    rig.clock.advance(10);
    rig.writer.render('banana');
    rig.clock.advance(10);
    rig.writer.render('cherry');
    expect(rig.writes).toHaveLength(1);
    expect(rig.clock.pendingTimers()).toBe(1);

    rig.clock.advance(79); // t = 99
    expect(rig.writes).toHaveLength(1);
    rig.clock.advance(1); // t = 100
    expect(rig.writes).toHaveLength(2);
    expect(rig.writes[1]).toContain('cherry');
    expect(rig.writes[1]).not.toContain('banana');

    // Idle for longer than the interval: a keystroke's frame goes out immediately, no timer.
    rig.clock.advance(500);
    rig.writer.render('damson');
    expect(rig.writes).toHaveLength(3);
    expect(rig.writes[2]).toContain('damson');
    expect(rig.clock.pendingTimers()).toBe(0);
  });

  it("by default writes a stream's frames (one per read, 33 ms apart give or take a few) as they come, with no timer", () => {
    const rig = makeRig(30, 5, 'default');
    const gaps = [33, 31, 35, 30, 33, 36, 29, 33, 32, 34];
    rig.writer.render('frame 0');
    gaps.forEach((gap, i) => {
      rig.clock.advance(gap);
      rig.writer.render(`frame ${i + 1}`);
      expect(rig.writes).toHaveLength(i + 2);
      expect(rig.clock.pendingTimers()).toBe(0);
    });
    // Faster than that (a burst of renders) is still held back and coalesced.
    rig.clock.advance(5);
    rig.writer.render('burst a');
    rig.writer.render('burst b');
    expect(rig.writes).toHaveLength(gaps.length + 1);
    expect(rig.clock.pendingTimers()).toBe(1);
  });

  it('flush writes a waiting frame right away, and dispose drops what is waiting', () => {
    const rig = makeRig(30, 5, 10);
    rig.writer.render('first');
    rig.writer.render('second');
    expect(rig.writes).toHaveLength(1);
    rig.writer.flush();
    expect(rig.writes).toHaveLength(2);
    expect(rig.writes[1]).toContain('second');
    rig.clock.advance(200); // the armed tick finds nothing to write
    expect(rig.writes).toHaveLength(2);

    rig.writer.render('third');
    rig.writer.render('fourth');
    rig.writer.dispose();
    rig.clock.advance(200);
    rig.writer.render('fifth');
    expect(rig.writes.join('')).not.toMatch(/fourth|fifth/);
  });
});
