// The search backends web_search speaks to: a SearXNG instance's JSON API, Brave Search and Tavily. Each answers
// with title, URL and snippet per result.
import type { WebSearchConfig } from '../../config/types.js';

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

export interface SearchBackend {
  /** For messages: "SearXNG at http://…", "Brave Search". */
  label: string;
  search(query: string, count: number, signal: AbortSignal): Promise<SearchResult[]>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/<[^>]+>/g, '').trim() : '');

async function getJson(url: string, init: RequestInit, label: string): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${label} answered ${response.status} ${response.statusText}`.trim());
  return response.json();
}

function results(list: unknown, pick: (item: Record<string, unknown>) => SearchResult): SearchResult[] {
  return Array.isArray(list) ? list.filter((i): i is Record<string, unknown> => i !== null && typeof i === 'object').map(pick).filter((r) => r.url !== '') : [];
}

/** The backend `config` names, or a sentence saying what is missing. */
export function searchBackend(config: WebSearchConfig, env: Readonly<Record<string, string | undefined>>): SearchBackend | string {
  const root = (fallback: string) => (config.url ?? fallback).replace(/\/+$/, '');
  switch (config.backend) {
    case 'searxng': {
      if (!config.url) return 'webSearch.backend "searxng" needs webSearch.url, the instance\'s address (e.g. http://localhost:8888).';
      const base = root(config.url);
      return {
        label: `SearXNG at ${base}`,
        search: async (query, count, signal) => {
          const body = await getJson(`${base}/search?format=json&q=${encodeURIComponent(query)}`, { signal }, `SearXNG at ${base}`) as { results?: unknown };
          return results(body.results, (i) => ({ title: text(i.title), url: text(i.url), snippet: text(i.content) })).slice(0, count);
        },
      };
    }
    case 'brave': {
      const key = config.apiKey ?? env.BRAVE_API_KEY;
      if (!key) return 'webSearch.backend "brave" needs a key: set BRAVE_API_KEY or webSearch.apiKey in $REIN_HOME/agent.config.json.';
      const base = root('https://api.search.brave.com');
      return {
        label: 'Brave Search',
        search: async (query, count, signal) => {
          const body = await getJson(`${base}/res/v1/web/search?q=${encodeURIComponent(query)}&count=${count}`, { signal, headers: { accept: 'application/json', 'x-subscription-token': key } }, 'Brave Search') as { web?: { results?: unknown } };
          return results(body.web?.results, (i) => ({ title: text(i.title), url: text(i.url), snippet: text(i.description) })).slice(0, count);
        },
      };
    }
    case 'tavily': {
      const key = config.apiKey ?? env.TAVILY_API_KEY;
      if (!key) return 'webSearch.backend "tavily" needs a key: set TAVILY_API_KEY or webSearch.apiKey in $REIN_HOME/agent.config.json.';
      const base = root('https://api.tavily.com');
      return {
        label: 'Tavily',
        search: async (query, count, signal) => {
          const body = await getJson(`${base}/search`, {
            signal, method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
            body: JSON.stringify({ query, max_results: count }),
          }, 'Tavily') as { results?: unknown };
          return results(body.results, (i) => ({ title: text(i.title), url: text(i.url), snippet: text(i.content) })).slice(0, count);
        },
      };
    }
  }
}
