// Headers, a Response and a FormData for the provider path, so that a request never loads Node's fetch
// implementation (undici, with http2, zlib, worker_threads and web streams: 17-50 ms and about 9 MB at the first
// request). The bundle gives the provider SDKs this Headers and FormData in place of the globals
// (scripts/bundleSwaps.mjs), and httpFetch answers with this Response; their body checks get this ReadableStream.
// They follow the Fetch standard where the SDKs and rein use them; the tests compare them with Node's own classes.
import type { Readable } from 'node:stream';

// RFC 9110 token characters, and the whitespace the Fetch standard trims from values.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;

type HeaderPairs = Iterable<readonly [string, string]> | Iterable<readonly string[]>;
export type LightHeadersInit = HeaderPairs | Record<string, string> | undefined | null;

function checkedName(name: unknown): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Header name must be a valid HTTP token ["${text}"]`);
  return text.toLowerCase();
}

function checkedValue(value: unknown, name: string): string {
  const text = String(value).replace(EDGE_WHITESPACE, '');
  if (FORBIDDEN_IN_VALUE.test(text)) throw new TypeError(`Invalid header value for "${name}"`);
  // A ByteString: every code unit must fit in a byte.
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) throw new TypeError(`Invalid character in header "${name}"`);
  return text;
}

/** The Fetch standard's Headers: names lower-cased, values joined with ", " (set-cookie kept apart), iterated sorted. */
export class LightHeaders implements Headers {
  readonly #values = new Map<string, string[]>();

  constructor(init?: LightHeadersInit) {
    if (init === undefined || init === null) return;
    if (typeof init !== 'object') throw new TypeError('Headers init must be an object');
    if (Symbol.iterator in init) {
      for (const pair of init as Iterable<readonly string[]>) {
        const entry = [...pair];
        if (entry.length !== 2) throw new TypeError('Each header pair must be a name and a value');
        this.append(entry[0], entry[1]);
      }
      return;
    }
    for (const name of Object.keys(init)) this.append(name, init[name]);
  }

  append(name: string, value: string): void {
    const key = checkedName(name);
    const text = checkedValue(value, key);
    const list = this.#values.get(key);
    if (list) list.push(text);
    else this.#values.set(key, [text]);
  }

  set(name: string, value: string): void {
    const key = checkedName(name);
    this.#values.set(key, [checkedValue(value, key)]);
  }

  delete(name: string): void {
    this.#values.delete(checkedName(name));
  }

  get(name: string): string | null {
    return this.#values.get(checkedName(name))?.join(', ') ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(checkedName(name));
  }

  getSetCookie(): string[] {
    return [...(this.#values.get('set-cookie') ?? [])];
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      const list = this.#values.get(name);
      if (!list) continue;
      if (name === 'set-cookie') for (const value of list) yield [name, value];
      else yield [name, list.join(', ')];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: string, name: string, headers: LightHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}

export interface LightResponseInit {
  status: number;
  statusText?: string;
  headers: LightHeaders;
  url?: string;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * A Response whose body is the Node stream itself (the SDKs iterate any async-iterable body directly); reading it
 * whole (text, json, arrayBuffer) works as fetch's does, once.
 */
export class LightResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: LightHeaders;
  readonly url: string;
  readonly redirected = false;
  readonly type = 'basic';
  readonly #stream: Readable | null;
  #used = false;

  constructor(stream: Readable | null, init: LightResponseInit) {
    this.#stream = stream;
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.headers = init.headers;
    this.url = init.url ?? '';
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get body(): Readable | null {
    return this.#stream;
  }

  get bodyUsed(): boolean {
    return this.#used || (this.#stream?.readableDidRead ?? false);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.#bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return (await this.#bytes()).toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  async #bytes(): Promise<Buffer> {
    if (this.bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#stream === null ? Buffer.alloc(0) : readAll(this.#stream);
  }
}

/**
 * A stand-in for a global class the SDKs test request bodies against: `new` makes the global's own, and `instanceof`
 * asks `isInstance`, which reads the global only for a value that could be one (the first read loads Node's module).
 */
function lazyGlobal<K extends 'FormData' | 'ReadableStream'>(name: K, isInstance: (value: unknown) => boolean): (typeof globalThis)[K] {
  // A function, not a method: `new` must be able to call it.
  const made = function (...args: unknown[]): object {
    return new (globalThis[name] as unknown as new (...given: unknown[]) => object)(...args);
  };
  Object.defineProperty(made, 'name', { value: name });
  return Object.defineProperty(made, Symbol.hasInstance, { value: isInstance }) as unknown as (typeof globalThis)[K];
}

const isFormData = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object FormData]' && value instanceof globalThis.FormData;

/**
 * FormData for the SDKs: Node's own, reached only when a form is really made or met. The SDKs test every request
 * body with `instanceof FormData`, which would otherwise load Node's fetch implementation for a JSON body.
 */
export const LazyFormData = lazyGlobal('FormData', isFormData);

const isWebStream = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { getReader?: unknown }).getReader === 'function'
  && value instanceof globalThis.ReadableStream;

/**
 * ReadableStream for the SDKs' body checks (`globalThis.ReadableStream && body instanceof globalThis.ReadableStream`,
 * on every request): the first read of the global loads Node's web streams (3-4 ms), and a JSON body, which has no
 * `getReader`, never is one. A stream really made is Node's own.
 */
export const LazyReadableStream = lazyGlobal('ReadableStream', isWebStream);
