// Turns a fetched body into what the model reads: HTML as clean markdown (main content, headings, lists, links,
// code; no script, style or navigation), plain text and JSON as they are, in the charset the page declares.
import type { FetchedPage } from './fetchPage.js';

/** The charset from the Content-Type header, else an HTML page's own <meta>, else UTF-8. */
function charsetOf(page: FetchedPage, html: boolean): string {
  const header = /charset\s*=\s*"?([\w.:-]+)/i.exec(page.contentType)?.[1];
  if (header) return header;
  if (html) {
    const head = page.body.subarray(0, 4096).toString('latin1');
    const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
    if (meta) return meta;
  }
  return 'utf-8';
}

function decode(page: FetchedPage, html: boolean): string {
  const label = charsetOf(page, html);
  try {
    return new TextDecoder(label).decode(page.body);
  } catch {
    // A label the decoder does not know: UTF-8 is the web's default.
    return new TextDecoder('utf-8').decode(page.body);
  }
}

const isHtml = (type: string, text: string) => /html|xhtml/i.test(type) || (type === '' && /^\s*<(!doctype html|html)/i.test(text));

/** The page as text for the model: `{ title, text }`, or a refusal sentence for a type it cannot show. */
export async function pageText(page: FetchedPage): Promise<{ title?: string; text: string } | { refused: string }> {
  const type = page.contentType.split(';')[0].trim().toLowerCase();
  const textual = type === '' || type.startsWith('text/') || /json|xml|javascript|yaml|toml|csv/.test(type);
  if (!textual) return { refused: `${page.url} is ${type}, which web_fetch cannot show as text.` };
  const html = isHtml(type, page.body.subarray(0, 512).toString('latin1'));
  const text = decode(page, html);
  if (!html) return { text };
  return htmlToMarkdown(text, page.url);
}

async function htmlToMarkdown(html: string, url: string): Promise<{ title?: string; text: string }> {
  // Loaded with the first fetch: sessions that never fetch never pay for the parsers.
  const [linkedom, readability, turndownModule] = await Promise.all([import('linkedom'), import('@mozilla/readability'), import('turndown')]);
  // Bundled, a CommonJS package arrives as the default export's properties.
  const { parseHTML } = linkedom;
  const Readability = readability.Readability ?? (readability as unknown as { default: typeof readability }).default.Readability;
  const TurndownService = (turndownModule as unknown as { default: typeof turndownModule.default & { default?: typeof turndownModule.default } }).default.default ?? turndownModule.default;
  const { document } = parseHTML(html);
  for (const base of [...document.querySelectorAll('base')]) base.remove();
  const head = document.querySelector('head');
  if (head) head.insertAdjacentHTML('afterbegin', `<base href="${url.replace(/"/g, '&quot;')}">`);
  const title = document.querySelector('title')?.textContent?.trim() || undefined;
  // Readability keeps the main content; a page it cannot read (a listing, an app shell) keeps its body.
  const article = new Readability(document.cloneNode(true) as unknown as Document).parse();
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  turndown.remove(['script', 'style', 'noscript', 'nav', 'footer', 'iframe', 'form', 'svg', 'template'] as never);
  const source = article?.content ?? document.querySelector('body')?.innerHTML ?? html;
  const text = turndown.turndown(source).replace(/\n{3,}/g, '\n\n').trim();
  return { title: article?.title?.trim() || title, text };
}
