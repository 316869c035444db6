// web_search: results (title, URL, snippet) from the search backend the user configured; not offered without one.
import type { SearchBackend } from './web/searchBackends.js';
import { adviceError, defineTool, textResult, type AnyTool } from './types.js';
import { errorMessage } from '../util/errors.js';

export interface WebSearchArgs {
  query: string;
  max_results?: number;
}

export function webSearchTool(backend: SearchBackend): AnyTool {
  return defineTool<WebSearchArgs>({
    name: 'web_search',
    description: 'Search the web; returns title, URL and snippet per result. Read a result with web_fetch.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1 }, max_results: { type: 'integer', minimum: 1, maximum: 20 } },
      required: ['query'],
      additionalProperties: false,
    },
    readOnly: false,
    summarize: (args) => args.query,
    async execute(args, ctx) {
      let found;
      try {
        found = await backend.search(args.query, args.max_results ?? 8, ctx.signal);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        return adviceError(`The search failed: ${errorMessage(error)} (${backend.label}); try again later or another query.`);
      }
      if (found.length === 0) return textResult(`No results for \`${args.query}\`.`);
      const lines = found.map((r, i) => `${i + 1}. ${r.title || r.url}\n   ${r.url}${r.snippet ? `\n   ${r.snippet}` : ''}`);
      return textResult(lines.join('\n'), false, `${found.length} results for ${args.query}`);
    },
  });
}
