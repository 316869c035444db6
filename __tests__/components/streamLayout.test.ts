// Streaming layout: finished markdown blocks keep their lines, only the tail is laid out again, and the result matches a whole layout.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMarkdown, markdownToLines, safeMarkdownLength } from '../../components/view/markdown.js';
import { layoutStreaming, stableMarkdownLength, type StreamLayout } from '../../components/view/streamLayout.js';
import { sameVisibleTranscript } from '../../hooks/useLiveTranscript.js';
import type { AssistantItem, TranscriptItem } from '../../source/store/state.js';

const doc = [
  '# Render loop',
  '',
  'The writer sends **only** the rows that changed, and `planFrame` picks a scroll when it is cheaper.',
  '',
  '- first point',
  '- second point that runs on long enough to wrap across more than one row of the narrow layout',
  '',
  '  continued inside the list item',
  '',
  '1. one',
  '',
  '2. two',
  '',
  '```ts',
  'const a = 1;',
  '',
  'const b = 2;',
  '```',
  '',
  '> quoted',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  'Closing paragraph.',
  '',
].join('\n');

describe('stableMarkdownLength', () => {
  it('cuts only before a new top-level block after a blank line, never inside a fence or a list', () => {
    expect(stableMarkdownLength('para one\n\npara two\n')).toBe('para one\n\n'.length);
    expect(stableMarkdownLength('- a\n\n- b\n')).toBe(0);
    expect(stableMarkdownLength('- a\n\n  more\n')).toBe(0);
    expect(stableMarkdownLength('```\nx\n\ny\n```\n')).toBe(0);
    expect(stableMarkdownLength('```\nx\n\ny\n```\n\nafter\n')).toBe('```\nx\n\ny\n```\n\n'.length);
  });

  it('goes on from an earlier cut of the same text to the cut a scan from the start finds, at every length', () => {
    const text = `${doc}\n~~~\nopen\n\n~~~\n\n- item\n\ntail\n`.repeat(2);
    let cut = 0;
    for (let end = 0; end <= text.length; end++) {
      const prefix = text.slice(0, end);
      const resumed = stableMarkdownLength(prefix, cut);
      expect(resumed, `at ${end}`).toBe(stableMarkdownLength(prefix));
      cut = resumed;
    }
    expect(cut).toBeGreaterThan(doc.length);
  });
});

describe('safeMarkdownLength', () => {
  /** The same rule scanned from the start every time. */
  function fromScratch(text: string): number {
    let fence: string | undefined;
    let safe = 0;
    let lineStart = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', lineStart)) {
      const line = text.slice(lineStart, i);
      const match = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (match) {
        if (fence === undefined) fence = match[1];
        else if (match[1][0] === fence[0] && match[1].length >= fence.length && line.trim() === match[1]) fence = undefined;
      }
      lineStart = i + 1;
      if (fence === undefined) safe = lineStart;
    }
    return safe;
  }

  it('goes on from its last scan as a stream grows, and starts over for another text', () => {
    const fenced = `${doc}\n   ~~~~\ncode\n ~~~\nstill code\n~~~~~\n\nafter \`\`\` inline\n`;
    for (let n = 0; n <= fenced.length; n += 5) {
      expect(safeMarkdownLength(fenced.slice(0, n)), `at ${n}`).toBe(fromScratch(fenced.slice(0, n)));
      // Another message between two deltas of this one (a subagent's, say) must not mix their scans.
      if (n % 35 === 0) expect(safeMarkdownLength('```\nopen fence\n')).toBe(0);
    }
    // A text that shrank or changed is scanned again from its start.
    expect(safeMarkdownLength('plain\n```\n')).toBe('plain\n'.length);
    expect(safeMarkdownLength('plain\n')).toBe('plain\n'.length);
  });
});

describe('layoutStreaming', () => {
  beforeAll(async () => {
    await loadMarkdown();
  });

  it('gives the same lines as laying out the whole visible text, at every step of a stream', () => {
    let prev: StreamLayout | undefined;
    for (let n = 1; n <= doc.length; n += 3) {
      const visible = doc.slice(0, safeMarkdownLength(doc.slice(0, n)));
      const { lines, state } = layoutStreaming(visible, 40, prev);
      expect(lines).toEqual(markdownToLines(visible, 40));
      prev = state;
    }
  });

  it('keeps the finished blocks lines and lays out only the tail as the text grows', () => {
    const first = layoutStreaming('Intro paragraph.\n\nSecond paragraph grows\n', 40);
    const second = layoutStreaming('Intro paragraph.\n\nSecond paragraph grows\nand grows\n', 40, first.state);
    expect(first.state.stable).toBe('Intro paragraph.\n\n');
    expect(second.state.stableLines).toBe(first.state.stableLines);
    const third = layoutStreaming('Intro paragraph.\n\nSecond paragraph grows\nand grows\n\nThird\n', 40, second.state);
    expect(third.state.stableLines.slice(0, first.state.stableLines.length)).toEqual(first.state.stableLines);
    expect(third.lines).toEqual(markdownToLines('Intro paragraph.\n\nSecond paragraph grows\nand grows\n\nThird\n', 40));
  });
});

describe('sameVisibleTranscript', () => {
  const msg = (text: string, done = false): AssistantItem => ({ kind: 'assistant', id: 'm1', done, runId: 'r1', text, thinking: '', expanded: false });

  it('treats a delta of trailing spaces as no change, and new words or a finished line as a change', () => {
    const user: TranscriptItem = { kind: 'user', id: 'u1', done: true, text: 'hi' };
    const a = [user, msg('line one\nhal')];
    expect(sameVisibleTranscript(a, [user, msg('line one\nhal  ')])).toBe(true);
    // The unfinished line shows as it streams, so more of it is a change.
    expect(sameVisibleTranscript(a, [user, msg('line one\nhalf a lin')])).toBe(false);
    expect(sameVisibleTranscript(a, [user, msg('line one\nhalf a line\n')])).toBe(false);
    expect(sameVisibleTranscript(a, [user, msg('line one\nhal', true)])).toBe(false);
    // The "more is coming" spinner appears once text is held back.
    expect(sameVisibleTranscript([user, msg('line one\n')], [user, msg('line one\nx')])).toBe(false);
  });
});
