// web_fetch: one web page as markdown (HTML) or as it is (text, JSON), for the model to read.
import { pageText } from './web/pageText.js';
import { adviceError, defineTool, errorResult, textResult } from './types.js';
import { formatInt } from '../util/format.js';

export interface WebFetchArgs {
  url: string;
}

export const webFetchTool = defineTool<WebFetchArgs>({
  name: 'web_fetch',
  description: 'Fetch a web page: HTML as markdown, text and JSON as they are; a long page is cut to head and tail (the whole saved).',
  inputSchema: {
    type: 'object',
    properties: { url: { type: 'string', description: 'Full http(s) URL' } },
    required: ['url'],
    additionalProperties: false,
  },
  readOnly: false,
  urlArgument: 'url',
  summarize: (args) => args.url,

  async execute(args, ctx) {
    // node:http(s), TLS and DNS load with the first fetch, not at start-up.
    const { FetchRefused, fetchPage } = await import('./web/fetchPage.js');
    let page;
    try {
      page = await fetchPage(args.url, { signal: ctx.signal, mayReachPrivate: (host) => ctx.state.mayReachPrivateHost?.(host) ?? false });
    } catch (error) {
      if (error instanceof FetchRefused) return errorResult(error.message);
      throw error;
    }
    if (page.status >= 400) return adviceError(`${page.url} answered ${page.status}; check the address, or try another page.`);
    const shown = await pageText(page);
    if ('refused' in shown) return errorResult(shown.refused);
    const cut = page.cut ? `\n\n[… the page is larger than ${Math.round(page.body.length / 1024 / 1024)} MB; only its start was read]` : '';
    const header = `${shown.title ? `# ${shown.title}\n` : ''}URL: ${page.url}\n\n`;
    return textResult(`${header}${shown.text}${cut}`, false, `${page.url} (${formatInt(shown.text.length)} chars)`);
  },
});
