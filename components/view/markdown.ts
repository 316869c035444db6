// Markdown to wrapped, styled terminal lines; the renderer (marked, marked-terminal, cli-highlight) loads lazily.
import type { Marked } from 'marked';
import { stripVTControlCharacters } from 'node:util';
import { stripTerminalControls } from '../../source/util/terminalText.js';
import { expandTabs, paint, sanitize, trimTrailingBlank, wellFormed, wrapText } from './style.js';
import { fitRenderer, type TableSettings } from './markdownRenderers.js';

/** Drops every escape sequence but SGR (colours, bold): a renderer's OSC 8 link could show one address and open another. */
const onlyStyles = (text: string): string =>
  text.replace(/\x1b\][\s\S]*?(?:\x07|\x1b\\)/g, '').replace(/\x1b\[[0-9;?]*[A-Za-ln-z@`]/g, '').replace(/\x1b(?![[])/g, '');

type RenderMarkdown = (markdown: string, width: number) => string;

let renderer: RenderMarkdown | undefined;

/**
 * Languages a code block without a language tag is recognised among. Guessing among all of highlight.js's
 * compiles every grammar the first time, is slow for every block after, and often guesses wrong.
 */
const autoLanguages = ['bash', 'c', 'cpp', 'csharp', 'css', 'diff', 'go', 'java', 'javascript', 'json', 'kotlin', 'php', 'python', 'ruby', 'rust', 'shell', 'sql', 'swift', 'typescript', 'xml', 'yaml'];
let loading: Promise<boolean> | undefined;

/**
 * Loads the markdown renderer once. Importing it is slow, so the
 * screen calls this after its first frame and shows plain text until it resolves.
 */
export function loadMarkdown(): Promise<boolean> {
  loading ??= (async () => {
    try {
      const [{ Marked: MarkedClass }, { markedTerminal }] = await Promise.all([import('marked'), import('marked-terminal')]);
      const byWidth = new Map<number, Marked>();
      renderer = (markdown, width) => {
        let marked = byWidth.get(width);
        if (!marked) {
          const tableOptions: TableSettings = {};
          const terminal = markedTerminal({
            width, reflowText: false, tab: 2, emoji: false, tableOptions: tableOptions as Record<string, unknown>,
            // Headings as styled text, without a literal "##".
            showSectionPrefix: false,
            firstHeading: (text: string) => paint(['bold', 'underline'], text),
            heading: (text: string) => paint('bold', text),
          }, { ignoreIllegals: true, languageSubset: autoLanguages });
          const code = terminal.renderer?.code;
          if (terminal.renderer && code) {
            terminal.renderer.code = function (this: unknown, token) {
              const out = code.call(this as never, token);
              return typeof out === 'string' ? frameCodeBlock(out, token.lang, width) : out;
            };
          }
          if (terminal.renderer) fitRenderer(terminal.renderer as never, width, tableOptions);
          marked = new MarkedClass(terminal);
          byWidth.set(width, marked);
        }
        const out = marked.parse(markdown, { async: false });
        return typeof out === 'string' ? out : markdown;
      };
      return true;
    } catch {
      // Without the renderer the text still shows, just unformatted.
      return false;
    }
  })();
  return loading;
}

const framePrefix = '  │ ';

/**
 * Puts a rendered code block (marked-terminal's: highlighted when colours are on, each line indented by two
 * spaces) in a light frame with its language on the top edge; long lines wrap inside the frame.
 */
function frameCodeBlock(rendered: string, lang: string | undefined, width: number): string {
  const label = (lang ?? '').trim().split(/\s+/)[0] ?? '';
  const body = rendered.replace(/\n+$/, '').split('\n').map((line) => line.replace(/^ {2}/, ''));
  const inner = Math.max(1, width - framePrefix.length);
  const bar = '│';
  const rows = body.flatMap((line) => wrapText(line, inner)).map((row) => `  ${bar} ${row}`);
  const top = paint('dim', label ? `  ╭─ ${label}` : '  ╭─');
  const bottom = paint('dim', '  ╰─');
  return `${[top, ...rows, bottom].join('\n')}\n\n`;
}

export function isMarkdownReady(): boolean {
  return renderer !== undefined;
}

// A streamed block is laid out as the growing tail, again once blank lines follow it, and again when it joins
// the finished blocks: the same text each time (trailing blank lines do not change the lines), so the lines
// of the last few are kept. Highlighting a code block costs milliseconds.
const RENDER_CACHE_LIMIT = 32;
let rendered = new Map<string, string[]>();

/** Renders markdown to lines no wider than `width`; plain wrapped text until the renderer has loaded. */
export function markdownToLines(markdown: string, width: number): string[] {
  const text = markdown.replace(/\r\n?/g, '\n').trimEnd();
  if (text.trim() === '') return [];
  if (!renderer) return trimTrailingBlank(wrapText(sanitize(text), width));
  const key = `${width}\0${text}`;
  const hit = rendered.get(key);
  if (hit) return hit;
  let lines: string[];
  try {
    // Escape sequences in the model's text never reach the renderer; of its output only colours and styles stay.
    // Tabs are spaces before layout, in the text and in what the renderer makes of it (a list's indent).
    const out = expandTabs(onlyStyles(renderer(expandTabs(wellFormed(stripTerminalControls(text))), width))).replace(/^\n+/, '');
    lines = trimTrailingBlank(out.split('\n').flatMap((line) => wrapHanging(line, width)));
  } catch {
    lines = trimTrailingBlank(wrapText(sanitize(text), width));
  }
  if (rendered.size >= RENDER_CACHE_LIMIT) rendered = new Map();
  rendered.set(key, lines);
  return lines;
}

/** Wraps one rendered line so continuation rows line up under the text of a list item or indented block. */
function wrapHanging(line: string, width: number): string[] {
  const plain = stripVTControlCharacters(line);
  if (plain.length <= width) return [line];
  const hang = /^\s*(?:(?:[*\u2022-]|\d+\.)\s+)?/.exec(plain)?.[0].length ?? 0;
  if (hang === 0 || hang > width / 2) return wrapText(line, width);
  const rows = wrapText(line, width - hang);
  return rows.map((row, i) => (i === 0 ? row : ' '.repeat(hang) + row));
}

const fenceRe = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Length of the prefix of streamed markdown that is safe to show: up to the last newline
 * outside a code fence. The rest is held back so half-written markup never flickers.
 */
export function safeMarkdownLength(text: string): number {
  // A streamed message only grows: the scan goes on from where the last call on its text left off.
  const resume = lastScan !== undefined && text.length >= lastScan.text.length && text.startsWith(lastScan.text) ? lastScan : undefined;
  let fence = resume?.fence;
  let safe = resume?.safe ?? 0;
  let lineStart = resume?.lineStart ?? 0;
  for (let i = text.indexOf('\n', lineStart); i >= 0; i = text.indexOf('\n', lineStart)) {
    // Only a line that starts with ` or ~ after at most three spaces can be a fence.
    let first = lineStart;
    while (first < i && first - lineStart < 3 && text.charCodeAt(first) === 32) first++;
    const code = text.charCodeAt(first);
    if (code === 96 || code === 126) {
      const line = text.slice(lineStart, i);
      const match = fenceRe.exec(line);
      if (match) {
        const marker = match[1];
        if (fence === undefined) fence = marker;
        else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      }
    }
    lineStart = i + 1;
    if (fence === undefined) safe = lineStart;
  }
  lastScan = { text, fence, safe, lineStart };
  return safe;
}

/** Where safeMarkdownLength's last scan stopped: the text, the fence still open there, and the safe length. */
let lastScan: { text: string; fence: string | undefined; safe: number; lineStart: number } | undefined;
