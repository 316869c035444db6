// Fetches one URL for web_fetch: http(s) only, redirects followed a few times, a size and a time cap, and every
// address actually connected to (each redirect hop included) checked against the private ranges.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './addresses.js';

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

const defaultFetchLimits: FetchLimits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 30_000, maxRedirects: 5 };

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  /** True when the body was cut at maxBytes. */
  cut: boolean;
}

export class FetchRefused extends Error {}

export interface FetchOptions {
  signal: AbortSignal;
  /** Whether a rule lets this host be reached at a private, loopback or link-local address. */
  mayReachPrivate: (host: string) => boolean;
  limits?: FetchLimits;
}

const refusePrivate = (host: string, address: string) =>
  new FetchRefused(`${host} is at ${address}, a private, loopback or link-local address: web_fetch reaches such addresses only when a rule names the host (WebFetch(domain:${host})).`);

/** dns.lookup, refusing a host whose addresses include a private one unless a rule names it. */
function checkedLookup(host: string, mayReachPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((a) => isPrivateAddress(a.address));
      if (bad && !mayReachPrivate) return callback(refusePrivate(host, bad.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function requestOnce(url: URL, o: FetchOptions, limits: FetchLimits): Promise<FetchedPage & { location?: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const mayReachPrivate = o.mayReachPrivate(host);
  // A literal address never goes through a lookup: it is checked here.
  if (isIP(host) && isPrivateAddress(host) && !mayReachPrivate) return Promise.reject(refusePrivate(host, host));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, {
      lookup: checkedLookup(host, mayReachPrivate),
      signal: o.signal,
      headers: { 'user-agent': 'rein (web_fetch)', accept: 'text/html,application/xhtml+xml,text/plain,application/json;q=0.9,*/*;q=0.5' },
    }, (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        resolve({ url: url.href, status, contentType: '', body: Buffer.alloc(0), cut: false, location });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let cut = false;
      response.on('data', (chunk: Buffer) => {
        if (cut) return;
        size += chunk.length;
        chunks.push(chunk);
        if (size > limits.maxBytes) {
          cut = true;
          response.destroy();
          resolve({ url: url.href, status, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks).subarray(0, limits.maxBytes), cut });
        }
      });
      response.on('end', () => resolve({ url: url.href, status, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks), cut }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Follows redirects (each hop checked as the first), within the limits; rejects with a plain sentence. */
export async function fetchPage(given: string, o: FetchOptions): Promise<FetchedPage> {
  const limits = o.limits ?? defaultFetchLimits;
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = AbortSignal.any([o.signal, timeout]);
  let url = parseUrl(given);
  for (let hop = 0; ; hop++) {
    let page: FetchedPage & { location?: string };
    try {
      page = await requestOnce(url, { ...o, signal }, limits);
    } catch (error) {
      if (error instanceof FetchRefused) throw error;
      if (timeout.aborted) throw new FetchRefused(`${url.href} did not answer within ${Math.round(limits.timeoutMs / 100) / 10} s.`);
      if (o.signal.aborted) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new FetchRefused(`${url.href} could not be fetched (${code ?? (error as Error).message}).`);
    }
    if (page.location === undefined) return page;
    if (hop >= limits.maxRedirects) throw new FetchRefused(`${given} redirected more than ${limits.maxRedirects} times; fetch the final address directly.`);
    url = parseUrl(new URL(page.location, url).href);
  }
}

function parseUrl(given: string): URL {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new FetchRefused(`${given} is not a URL; give a full http:// or https:// address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(`${given} is not an http:// or https:// address; web_fetch reads web pages only.`);
  if (url.username || url.password) throw new FetchRefused(`${given} carries a user name or password; web_fetch sends no credentials.`);
  return url;
}
