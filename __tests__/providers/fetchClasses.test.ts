// rein's Headers, Response, FormData and ReadableStream stand-ins for the provider path, against Node's own classes.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../bench/renderContent.js';
import { LazyFormData, LazyReadableStream, LightHeaders, LightResponse } from '../../source/providers/fetchClasses.js';

type Op = ['append' | 'set', string, string] | ['delete', string];

/** What each class makes of one operation: the error's type when it throws, else undefined. */
function apply(headers: Headers | LightHeaders, op: Op): string | undefined {
  try {
    if (op[0] === 'delete') headers.delete(op[1]);
    else headers[op[0]](op[1], op[2]);
    return undefined;
  } catch (error) {
    return (error as Error).constructor.name;
  }
}

/** Everything one can read back, invalid names included (those throw, and must throw in both). */
function readBack(headers: Headers | LightHeaders, names: string[]) {
  const safely = (read: () => unknown) => {
    try {
      return read();
    } catch (error) {
      return `throws ${(error as Error).constructor.name}`;
    }
  };
  const forEach: string[][] = [];
  headers.forEach((value, name) => forEach.push([name, value]));
  return {
    entries: [...headers.entries()],
    iterated: [...headers],
    keys: [...headers.keys()],
    values: [...headers.values()],
    forEach,
    setCookie: headers.getSetCookie(),
    gets: names.map((name) => safely(() => headers.get(name))),
    has: names.map((name) => safely(() => headers.has(name))),
  };
}

const NAMES = ['Accept', 'accept', 'X-Api-Key', 'x-api-key', 'Set-Cookie', 'set-cookie', 'retry-after', 'Content-Type', 'bad name', 'é', '', 'x:y'];
const VALUE_PIECES = ['a', 'b=1', ' ', '\t', 'text/event-stream', ',', ';q=0.9', '\r', '\n', '\0', 'é', 'ω', '  lead', 'trail  ', ''];

function randomOp(random: () => number): Op {
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const name = pick(NAMES);
  const kind = random();
  if (kind < 0.15) return ['delete', name];
  const value = Array.from({ length: Math.floor(random() * 4) }, () => pick(VALUE_PIECES)).join('');
  return [kind < 0.7 ? 'append' : 'set', name, value];
}

describe('LightHeaders', () => {
  it('answers as Node\'s Headers after any sequence of appends, sets and deletes, invalid names and values included (seeded)', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const random = seededRandom(seed);
      const ours = new LightHeaders();
      const node = new Headers();
      for (let step = 0; step < 12; step++) {
        const op = randomOp(random);
        expect(apply(ours, op), `seed ${seed}, step ${step}: ${JSON.stringify(op)}`).toBe(apply(node, op));
      }
      expect(readBack(ours, NAMES), `seed ${seed}`).toEqual(readBack(node, NAMES));
    }
  });

  it('takes what Headers takes to start from: a record, a list of pairs, another Headers of either kind', () => {
    const record = { 'Content-Type': 'application/json', 'X-Api-Key': ' key ' };
    const pairs: Array<[string, string]> = [['accept', 'a'], ['Accept', 'b'], ['set-cookie', 'x=1'], ['set-cookie', 'y=2']];
    for (const init of [record, pairs, new Headers(pairs), new LightHeaders(pairs)]) {
      expect([...new LightHeaders(init)]).toEqual([...new Headers(init as HeadersInit)]);
    }
    expect([...new LightHeaders()]).toEqual([]);
    expect(() => new LightHeaders([['only-a-name']] as unknown as Array<[string, string]>)).toThrow(TypeError);
    expect(() => new Headers([['only-a-name']] as unknown as Array<[string, string]>)).toThrow(TypeError);
  });

  it('is what the SDKs see as Headers', () => {
    const headers = new LightHeaders({ a: '1' });
    expect(Object.prototype.toString.call(headers)).toBe('[object Headers]');
    expect(Object.fromEntries(headers)).toEqual({ a: '1' });
  });
});

describe('LightResponse', () => {
  const headers = new LightHeaders({ 'content-type': 'application/json' });

  it('reads its body once, as text, JSON or bytes, as fetch\'s Response does', async () => {
    const body = (text: string) => {
      const stream = new PassThrough();
      stream.end(text);
      return stream;
    };
    const json = new LightResponse(body('{"a":[1,"é"]}'), { status: 200, headers });
    expect(json.bodyUsed).toBe(false);
    expect(await json.json()).toEqual({ a: [1, 'é'] });
    expect(json.bodyUsed).toBe(true);
    await expect(json.text()).rejects.toThrow(TypeError);
    const bytes = new LightResponse(body('héllo'), { status: 200, headers });
    expect(Buffer.from(await bytes.arrayBuffer()).toString('utf8')).toBe('héllo');
    expect(await new LightResponse(null, { status: 204, headers }).text()).toBe('');
  });

  it('is ok for 2xx only and keeps status, text, headers and URL', () => {
    for (const status of [200, 201, 299, 300, 404, 429, 500]) {
      const ours = new LightResponse(null, { status, statusText: 'Why', headers, url: 'http://127.0.0.1:1/v1' });
      expect(ours.ok).toBe(new Response(null, { status: status === 204 ? 204 : status }).ok);
      expect([ours.status, ours.statusText, ours.url, ours.headers.get('content-type')]).toEqual([status, 'Why', 'http://127.0.0.1:1/v1', 'application/json']);
    }
  });

  it('hands over the Node stream itself as its body, which the SDKs iterate', async () => {
    const stream = new PassThrough();
    stream.end('data: 1\n\n');
    const response = new LightResponse(stream, { status: 200, headers });
    expect(response.body).toBe(stream);
    const chunks: string[] = [];
    for await (const chunk of response.body as PassThrough) chunks.push(String(chunk));
    expect(chunks.join('')).toBe('data: 1\n\n');
    expect(response.bodyUsed).toBe(true);
  });
});

describe('LazyFormData', () => {
  it('tells a real form from anything else, and makes real ones', () => {
    const made = new (LazyFormData as unknown as typeof FormData)();
    made.append('file', 'text');
    expect(made).toBeInstanceOf(FormData);
    expect(made.get('file')).toBe('text');
    expect(new FormData() instanceof (LazyFormData as unknown as typeof FormData)).toBe(true);
    for (const other of [{}, { append: () => undefined }, '{"a":1}', null, new URLSearchParams('a=1'), new Uint8Array(2)]) {
      expect(other instanceof (LazyFormData as unknown as typeof FormData)).toBe(false);
    }
  });
});

describe('LazyReadableStream', () => {
  const Lazy = LazyReadableStream as unknown as typeof ReadableStream;

  it('tells a web stream from a JSON body, a Node stream or bytes, and makes real ones', async () => {
    expect(new ReadableStream() instanceof Lazy).toBe(true);
    const made = new Lazy<string>({ start: (controller) => { controller.enqueue('chunk'); controller.close(); } });
    expect(made).toBeInstanceOf(ReadableStream);
    expect((await made.getReader().read()).value).toBe('chunk');
    for (const other of [{ model: 'm', messages: [] }, '{"a":1}', null, undefined, new PassThrough(), new Uint8Array(2), new ArrayBuffer(1)]) {
      expect(other instanceof Lazy).toBe(false);
    }
    // Something with a reader that is not a web stream is not one either.
    expect({ getReader: () => undefined } instanceof Lazy).toBe(false);
  });
});
