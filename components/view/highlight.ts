// cli-highlight's highlight() without its HTML parser. cli-highlight turns highlight.js's HTML into terminal
// colours by parsing it with parse5, which cost more than the highlighting itself while an answer streamed.
// highlight.js writes only <span class="..."> tags and five escapes, so a scan does the same job: same
// highlight.js call, same theme, same output (__tests__/components/highlight.test.ts compares the two). The
// build gives this module to marked-terminal in place of cli-highlight (scripts/bundleSwaps.mjs).
import hljs from 'highlight.js/lib/core.js';
import type { HighlightOptions } from 'cli-highlight';
import { DEFAULT_THEME, plain } from 'cli-highlight/dist/theme.js';
import { languages } from './highlightLanguages.js';

for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

type Paint = (text: string) => string;
type Theme = NonNullable<HighlightOptions['theme']>;

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };
const decode = (text: string): string => (text.includes('&') ? text.replace(/&(?:amp|lt|gt|quot|#x27);/g, (e) => entities[e]) : text);

interface Frame {
  /** The highlight.js token of the span, undefined for the top level and for spans without one (sub-languages). */
  token?: string;
  parts: string[];
}

/** highlight.js HTML to terminal colours, as cli-highlight's colorize() does it. */
function colorize(source: string, theme: Theme): string {
  // As an HTML parser reads its input: line breaks made \n, NUL characters in text dropped.
  const html = /[\r\0]/.test(source) ? source.replace(/\r\n?/g, '\n').replace(/\0/g, '') : source;
  const styleOf = (token: string): Paint => (theme as Record<string, Paint | undefined>)[token] ?? (DEFAULT_THEME as Record<string, Paint | undefined>)[token] ?? plain;
  const plainText = theme.default ?? DEFAULT_THEME.default ?? plain;
  const stack: Frame[] = [{ parts: [] }];
  const close = (): void => {
    const frame = stack.pop() as Frame;
    const inner = frame.parts.join('');
    stack[stack.length - 1].parts.push(frame.token === undefined ? inner : styleOf(frame.token)(inner));
  };
  const tag = /<span class="([^"]*)">|<\/span>/g;
  let at = 0;
  const text = (raw: string): void => {
    if (raw === '') return;
    const frame = stack[stack.length - 1];
    // Text directly inside a token is styled with the token; anywhere else it takes the default style.
    frame.parts.push(frame.token === undefined ? plainText(decode(raw)) : decode(raw));
  };
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    text(html.slice(at, match.index));
    at = tag.lastIndex;
    if (match[1] !== undefined) {
      stack.push({ token: /hljs-(\w+)/.exec(match[1])?.[1], parts: [] });
    } else if (stack.length > 1) close();
  }
  text(html.slice(at));
  // highlight.js closes every span it opens; anything left open is joined as it stands.
  while (stack.length > 1) close();
  return stack[0].parts.join('');
}

export function highlight(code: string, options: HighlightOptions = {}): string {
  const html = options.language
    ? hljs.highlight(code, { language: options.language, ignoreIllegals: options.ignoreIllegals }).value
    : hljs.highlightAuto(code, options.languageSubset).value;
  return colorize(html, options.theme ?? {});
}

export default highlight;
