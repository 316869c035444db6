// The fetch the provider SDKs are given: requests over node:http(s) with kept-alive connections, and a streamed
// response's body handed over as the socket's own Node stream. Node's built-in fetch pipes every chunk through
// two more streams (one of them a web stream); for a reply streamed a token at a time that is most of the CPU
// the client spends. Its Headers and Response are rein's own (fetchClasses.ts): Node's would load its whole fetch
// implementation at the first request.
// node:http, node:https (with TLS) and node:zlib load on first use, not at start-up.
import type { Agent as HttpAgent, IncomingMessage, request as httpRequestFn } from 'node:http';
import type { Readable } from 'node:stream';
import { LightHeaders, LightResponse, type LightHeadersInit } from './fetchClasses.js';

interface Transport {
  request: typeof httpRequestFn;
  agent: HttpAgent;
}

let httpTransport: Promise<Transport> | undefined;
let httpsTransport: Promise<Transport> | undefined;

function transportFor(secure: boolean): Promise<Transport> {
  if (secure) {
    return (httpsTransport ??= import('node:https').then((https) => ({ request: https.request, agent: new https.Agent({ keepAlive: true }) })));
  }
  return (httpTransport ??= import('node:http').then((http) => ({ request: http.request, agent: new http.Agent({ keepAlive: true }) })));
}

const MAX_REDIRECTS = 5;
// Statuses whose responses never have a body.
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** The body decoded as the server encoded it (servers may compress even when asked not to). */
async function decoded(res: IncomingMessage): Promise<Readable> {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding !== 'gzip' && encoding !== 'x-gzip' && encoding !== 'deflate' && encoding !== 'br') return res;
  const zlib = await import('node:zlib');
  const decoder = encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip();
  res.on('error', (error) => decoder.destroy(error));
  return res.pipe(decoder);
}

function responseHeaders(res: IncomingMessage): LightHeaders {
  const headers = new LightHeaders();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    try {
      headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
    } catch {
      // A header Fetch cannot hold (an invalid name or value) is left out, as a browser would.
    }
  }
  return headers;
}

function requestBody(body: RequestInit['body']): string | Uint8Array | undefined | null {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return null;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** What an SDK's `fetchOptions` may add to a request's init: a callback for when the request is written. */
export interface WrittenInit {
  written?: () => void;
}

async function send(url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, signal: AbortSignal | undefined, hops: number, written?: () => void): Promise<LightResponse> {
  if (signal?.aborted) throw abortError(signal);
  const { request, agent } = await transportFor(url.protocol === 'https:');
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(url, { method, headers, agent, signal }, resolve);
    req.on('error', reject);
    req.end(body, written);
  });
  const status = res.statusCode ?? 500;
  const location = res.headers.location;
  if ((status === 307 || status === 308) && location && hops < MAX_REDIRECTS) {
    res.resume();
    return send(new URL(location, url), method, headers, body, signal, hops + 1);
  }
  const init = { status, statusText: res.statusMessage ?? '', headers: responseHeaders(res), url: url.href };
  if (NULL_BODY.has(status) || method === 'HEAD') {
    res.resume();
    return new LightResponse(null, init);
  }
  const stream = await decoded(res);
  if (signal) {
    // An abort ends the body with the abort's own error, as fetch does (Node would report a reset connection).
    const onAbort = (): void => {
      stream.destroy(abortError(signal) as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    stream.once('close', () => signal.removeEventListener('abort', onAbort));
  }
  return new LightResponse(stream, init);
}

/** Loads node:http and node:https, so the first answer does not wait for them. For an interactive session, once it has drawn. */
export function warmUpTransport(): void {
  void transportFor(false);
  void transportFor(true);
}

/**
 * fetch(url, init) for the SDKs; anything it does not carry itself (a Request object, a streamed or form body) goes to
 * the built-in fetch. A Request is told by what it is not: `instanceof Request` would load the built-in fetch.
 */
export function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<LightResponse | Response> {
  const body = requestBody(init.body);
  const { written } = init as WrittenInit;
  if ((typeof input !== 'string' && !(input instanceof URL)) || body === null) return builtInFetch(input, init, written);
  const url = new URL(input);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return builtInFetch(input, init, written);
  const headers: Record<string, string> = {};
  new LightHeaders(init.headers as LightHeadersInit).forEach((value, name) => {
    headers[name] = value;
  });
  // Ask for the body as it is; decoded() still copes with a server that compresses anyway.
  headers['accept-encoding'] = 'identity';
  return send(url, (init.method ?? 'GET').toUpperCase(), headers, body, init.signal ?? undefined, 0, written);
}

/** Node's fetch says nothing of when the request is written: `written` is told as soon as it answers or fails. */
function builtInFetch(input: string | URL | Request, init: RequestInit, written: (() => void) | undefined): Promise<Response> {
  const answer = fetch(input, init);
  if (written) void answer.then(written, written);
  return answer;
}
