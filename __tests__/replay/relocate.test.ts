// Relocating a recording: folders map in streamed pieces whichever way the pieces cut them, and hashes name folders by placeholder.
import { describe, expect, it } from 'vitest';
import { type ProviderEvent } from '../../source/providers/types.js';
import { emptyUsage } from '../../source/protocol/messages.js';
import { hashRequest, type Recording } from '../../source/replay/recording.js';
import { relocateRecording, replaceInPieces, withPlaceholders } from '../../source/replay/relocate.js';

const from = '/tmp/rec-abc';
const to = '/home/someone/work/my repo';
const pairs = new Map([[from, to]]);

describe('replaceInPieces', () => {
  it('keeps the pieces, moving a cut that fell inside the folder to its end', () => {
    const pieces = ['read /tmp/re', 'c-abc/math.js and ', '/tmp/rec-abc', '.'];
    const out = replaceInPieces(pieces, pairs);
    expect(out.join('')).toBe(`read ${to}/math.js and ${to}.`);
    expect(out).toHaveLength(4);
    expect(out[0]).toBe(`read ${to}`);
    expect(out[1]).toBe('/math.js and ');
  });

  it('leaves longer names and files beside the folder alone', () => {
    expect(replaceInPieces(['/tmp/rec-abcd/x /tmp/rec-abc.js /tmp/rec-abc_2'], pairs)).toEqual(['/tmp/rec-abcd/x /tmp/rec-abc.js /tmp/rec-abc_2']);
  });

  it('maps the longest folder first, in one pass', () => {
    const two = new Map([['/a', '/b'], ['/a/inner', '/z']]);
    expect(replaceInPieces(['/a/inner/x /a/y'], two)).toEqual(['/z/x /b/y']);
  });
});

describe('withPlaceholders', () => {
  it('names each folder by placeholder, as JSON writes it', () => {
    const json = JSON.stringify({ path: `${from}/math.js`, memory: '/h/.rein/memory/global' });
    expect(withPlaceholders(json, { workspace: from, memory: '/h/.rein/memory/global' })).toBe('{"path":"<workspace>/math.js","memory":"<memory>"}');
  });

  it('makes the hashes of the same request in two folders equal, and differ without places', () => {
    const request = (root: string) => ({
      system: `Working directory: ${root}`, tools: [], options: { model: 'm', maxTokens: 10 },
      messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: `fix ${root}/a.js` }] }],
    });
    expect(hashRequest(request(from), { workspace: from })).toEqual(hashRequest(request(to), { workspace: to }));
    expect(hashRequest(request(from))).not.toEqual(hashRequest(request(to)));
  });
});

describe('relocateRecording', () => {
  const json = JSON.stringify({ path: `${from}/math.js` });
  const events: { t: number; event: ProviderEvent }[] = [
    { t: 1, event: { type: 'text_delta', text: `Editing ${from.slice(0, 6)}` } },
    { t: 2, event: { type: 'text_delta', text: `${from.slice(6)}/math.js` } },
    { t: 3, event: { type: 'tool_call_start', id: 'c1', name: 'read_file' } },
    { t: 4, event: { type: 'tool_call_delta', id: 'c1', partialJson: json.slice(0, 14) } },
    { t: 5, event: { type: 'tool_call_delta', id: 'c1', partialJson: json.slice(14) } },
    { t: 6, event: { type: 'done', stopReason: 'tool_use', usage: emptyUsage(), message: { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'read_file', input: { path: `${from}/math.js` } }] } } },
  ];
  const recording: Recording = {
    header: { type: 'header', version: 2, provider: 'openai', model: 'm', facts: { date: '2026-01-01T00:00:00Z', cwd: from, platform: 'linux' }, places: { workspace: from } },
    requests: [], events: new Map([[1, events]]), toolResults: new Map([['c1', { content: `${from}/math.js: 3 lines`, isError: false }]]), prompts: [`look at ${from}`],
  };

  it('maps text, streamed arguments, the whole call, tool results and prompts; timings and pieces stay', () => {
    const moved = relocateRecording(recording, { workspace: to });
    const turn = moved.events.get(1) ?? [];
    expect(turn.map((e) => e.t)).toEqual([1, 2, 3, 4, 5, 6]);
    const text = turn.flatMap(({ event }) => (event.type === 'text_delta' ? [event.text] : [])).join('');
    expect(text).toBe(`Editing ${to}/math.js`);
    const partial = turn.flatMap(({ event }) => (event.type === 'tool_call_delta' ? [event.partialJson] : []));
    expect(partial).toHaveLength(2);
    expect(JSON.parse(partial.join(''))).toEqual({ path: `${to}/math.js` });
    const done = turn.at(-1)?.event;
    expect(done?.type === 'done' && done.message.content[0]).toMatchObject({ input: { path: `${to}/math.js` } });
    expect(moved.toolResults.get('c1')?.content).toBe(`${to}/math.js: 3 lines`);
    expect(moved.prompts).toEqual([`look at ${to}`]);
    expect(moved.header.facts.cwd).toBe(to);
  });

  it('leaves a version 1 recording (no places) as it is', () => {
    const old = { ...recording, header: { ...recording.header, version: 1, places: undefined } };
    expect(relocateRecording(old, { workspace: to })).toBe(old);
  });
});
