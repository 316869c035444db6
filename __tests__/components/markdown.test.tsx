// Markdown tests: safe streaming boundaries, rendering, and held-back text while streaming.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import React from 'react';
import { stripVTControlCharacters } from 'node:util';
import { Markdown } from '../support/inkWidgets/Markdown.js';
import themeChalk from 'chalk';
import { isMarkdownReady, loadMarkdown, markdownToLines, safeMarkdownLength } from '../../components/view/markdown.js';
import { get as noEmoji } from '../../components/view/noEmoji.js';
import markedChalk from '../../node_modules/marked-terminal/node_modules/chalk/source/index.js';
import { FakeSession, messageEnd, runEnd } from '../support/fakeSession.js';
import { keys, renderApp, renderSized, type AppHarness } from './harness.js';

describe('safe streaming boundary', () => {
  it('commits up to the last newline and holds back the partial line', () => {
    expect(safeMarkdownLength('no newline yet')).toBe(0);
    expect(safeMarkdownLength('one\ntwo')).toBe(4);
    expect(safeMarkdownLength('one\ntwo\n')).toBe(8);
  });

  it('never commits inside an open code fence', () => {
    const text = 'Intro\n```js\nconst a = 1;\n';
    expect(text.slice(0, safeMarkdownLength(text))).toBe('Intro\n');
    const closed = `${text}\`\`\`\nafter`;
    expect(closed.slice(0, safeMarkdownLength(closed))).toBe(`${text}\`\`\`\n`);
  });
});

describe('markdown rendering', () => {
  beforeAll(async () => {
    expect(await loadMarkdown()).toBe(true);
    expect(isMarkdownReady()).toBe(true);
  });

  it('renders headings, lists and code blocks to lines within the width', () => {
    const md = '# Title\n\nSome *emphasis* and **bold** text.\n\n- first item\n- second item\n\n```js\nconst answer = 42;\n```\n';
    const lines = markdownToLines(md, 40).map((l) => stripVTControlCharacters(l));
    const text = lines.join('\n');
    expect(text).toContain('Title');
    expect(text).not.toContain('**bold**');
    expect(text).toContain('bold');
    expect(text).toMatch(/\* first item|• first item|- first item/);
    expect(text).toContain('const answer = 42;');
    expect(text).not.toContain('```');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(40);
  });

  it('leaves emoji shortcodes as written, as the bundle\'s emoji stand-in does', () => {
    const text = markdownToLines('Ship it :rocket: :+1:\n', 40).map((l) => stripVTControlCharacters(l)).join('\n');
    expect(text).toContain('Ship it :rocket: :+1:');
    expect(noEmoji()).toBeUndefined();
  });

  it('lays out a block once for the same text, whatever blank lines follow it, and again at another width', () => {
    const block = '```ts\nconst cached = true;\n```';
    const first = markdownToLines(`${block}\n`, 50);
    expect(markdownToLines(`${block}\n\n`, 50)).toBe(first);
    expect(markdownToLines(block, 50)).toBe(first);
    expect(markdownToLines(block, 30)).not.toBe(first);
    expect(markdownToLines(block, 30)).toEqual(first);
  });

  it('recognises an untagged code block among common languages, highlighting it as if it were tagged', () => {
    // Colours on for both chalk copies involved (marked-terminal's own, and the highlighting theme's).
    const levels = [markedChalk.level, themeChalk.level];
    markedChalk.level = 2;
    themeChalk.level = 2;
    try {
      const code = 'def twice(x):\n    return x * 2\n\nfor i in range(3):\n    print(twice(i))';
      const untagged = markdownToLines(`\`\`\`\n${code}\n\`\`\``, 60);
      expect(untagged.join('\n')).toContain('\x1b[');
      // The same lines, apart from the frame's top edge, which names the language only when the block did.
      const tagged = markdownToLines(`\`\`\`python\n${code}\n\`\`\``, 60);
      expect(stripVTControlCharacters(tagged[0])).toBe('  ╭─ python');
      expect(stripVTControlCharacters(untagged[0])).toBe('  ╭─');
      expect(untagged.slice(1)).toEqual(tagged.slice(1));
    } finally {
      [markedChalk.level, themeChalk.level] = levels;
    }
  });

  it('renders headings as styled text, without a literal ##', () => {
    const lines = markdownToLines('# Title\n\n## Section two\n\nBody text.', 60).map((l) => stripVTControlCharacters(l));
    expect(lines).toContain('Title');
    expect(lines).toContain('Section two');
    expect(lines.join('\n')).not.toContain('#');
  });

  it('frames a code block with its language, and wraps long lines inside the frame', () => {
    const long = `const message = "${'x'.repeat(70)}";`;
    const lines = markdownToLines(`Before.\n\n\`\`\`ts\nconst a = 1;\n${long}\n\`\`\`\n\nAfter.`, 40).map((l) => stripVTControlCharacters(l));
    const top = lines.indexOf('  ╭─ ts');
    expect(top).toBeGreaterThan(0);
    expect(lines[top + 1]).toBe('  │ const a = 1;');
    const bottom = lines.indexOf('  ╰─');
    expect(bottom).toBeGreaterThan(top + 2);
    // Every row between the edges carries the bar and fits the width.
    for (const row of lines.slice(top + 1, bottom)) {
      expect(row.startsWith('  │ ')).toBe(true);
      expect(row.length).toBeLessThanOrEqual(40);
    }
    expect(lines.slice(top + 1, bottom).map((r) => r.slice(4)).join('')).toBe(`const a = 1;${long}`);
    expect(lines.at(-1)).toBe('After.');
  });

  it('the Markdown component holds back an unfinished line while streaming', async () => {
    const r = await renderSized(<Markdown text={'Done line\nhalf writ'} width={60} streaming />, 60, 10);
    expect(r.lastFrame()).toContain('Done line');
    expect(r.lastFrame()).not.toContain('half writ');
    r.unmount();
    const full = await renderSized(<Markdown text={'Done line\nhalf written'} width={60} />, 60, 10);
    expect(full.lastFrame()).toContain('half written');
    full.unmount();
  });
});

describe('streamed answer in the app', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('shows committed lines rendered as they stream, and the unfinished tail as plain text until its line is done', async () => {
    await loadMarkdown();
    const session = new FakeSession();
    const gates = [0, 1].map(() => {
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      return { open, promise };
    });
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'message_start', runId: 'r1', turnId: 't1', messageId: 'm1' },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: '## Plan\n\n- step one\n- step t' },
      { wait: 'promise', promise: gates[0].promise },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: 'wo\n```ts\nlet x = 1;\n' },
      { wait: 'promise', promise: gates[1].promise },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: '```\nBye' },
      messageEnd('r1', 'm1', '## Plan\n\n- step one\n- step two\n```ts\nlet x = 1;\n```\nBye'),
      runEnd('r1', 'done'),
    );
    h = await renderApp({ session, bridge: { flushIntervalMs: 0 } });
    await h.type('go');
    await h.press(keys.enter);
    let frame = h.lastFrame();
    expect(frame).toContain('Plan');
    expect(frame).toContain('step one');
    // The unfinished line shows as it is, markup and all, not yet as a list item.
    expect(frame).toContain('- step t');
    gates[0].open();
    await h.press();
    frame = h.lastFrame();
    expect(frame).toContain('step two');
    expect(frame).not.toContain('- step two');
    // Inside an open code fence the code shows as plain text, without the fence line.
    expect(frame).toContain('let x = 1;');
    expect(frame).not.toContain('```');
    gates[1].open();
    await h.bridge.idle();
    await h.press();
    frame = h.lastFrame();
    expect(frame).toContain('let x = 1;');
    expect(frame).toContain('Bye');
    expect(frame).not.toContain('```');
  });
});
