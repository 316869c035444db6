// Images in tool results through the engine's history: request mapping per provider, token counting, compaction,
// and the session log's image files (round trip, and a missing file becoming a note).
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { microCompact } from '../../source/engine/compaction/micro.js';
import { cutLargestToolResults } from '../../source/engine/compaction/shrink.js';
import { validateHistory } from '../../source/engine/history.js';
import { TokenCounter } from '../../source/engine/tokens.js';
import { toAnthropicMessages } from '../../source/providers/anthropicRequest.js';
import { imageTokenEstimate } from '../../source/providers/images.js';
import { toOpenAIMessages } from '../../source/providers/openaiRequest.js';
import type { ImageContent, Message, ToolResultBlock } from '../../source/protocol/messages.js';
import { loadSession, SessionLog } from '../../source/sessionLog/index.js';
import { makeHarness, runPrompt } from '../support/engineHarness.js';

const png: ImageContent = { type: 'image', mediaType: 'image/png', data: Buffer.from('pretend png bytes').toString('base64') };
const bmp: ImageContent = { type: 'image', mediaType: 'image/bmp', data: 'Qk0=' };

const call = (id: string): Message => ({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'mcp__s__shot', input: {} }] });
const result = (id: string, content: string, images?: ImageContent[]): Message => ({
  role: 'user', content: [{ type: 'tool_result', toolUseId: id, content, ...(images ? { images } : {}) }],
});
const history = (): Message[] => [{ role: 'user', content: [{ type: 'text', text: 'look' }] }, call('c1'), result('c1', 'a screenshot', [png, bmp])];

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('tool-result images', () => {
  it('are valid history, counted as image tokens, and mapped per provider', () => {
    const h = history();
    expect(validateHistory(h)).toBeUndefined();
    const counter = new TokenCounter((text) => text.length);
    const without = new TokenCounter((text) => text.length).countMessage(result('c1', 'a screenshot'));
    expect(counter.countMessage(h[2])).toBe(without + 2 * imageTokenEstimate);

    const anthropic = toAnthropicMessages(h)[2].content as { type: string; content: unknown }[];
    expect(anthropic[0].content).toEqual([
      { type: 'text', text: 'a screenshot\n[image image/bmp, 2 B: this image type cannot be sent to the model]' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png.data } },
    ]);
    const openai = toOpenAIMessages('', h).find((m) => m.role === 'tool');
    expect(openai?.content).toBe('a screenshot\n[image image/png, 17 B: not shown, this API takes text only in tool results]\n[image image/bmp, 2 B: not shown, this API takes text only in tool results]');
  });

  it('micro compaction drops old images for a placeholder and keeps the newest results whole', () => {
    const h: Message[] = [...history(), call('c2'), result('c2', 'newer', [png])];
    const out = microCompact(h, { keepRecent: 1, window: 1_000, minFreedRatio: 0, counter: new TokenCounter((t) => t.length) });
    const old = out?.history[2].content[0] as ToolResultBlock;
    expect(old.images).toBeUndefined();
    expect(old.content).toBe('a screenshot\n[image image/png, 17 B: left out of this old tool result to save context]\n[image image/bmp, 2 B: left out of this old tool result to save context]');
    expect((out?.history[4].content[0] as ToolResultBlock).images).toEqual([png]);
    expect(validateHistory(out?.history ?? [])).toBeUndefined();
  });

  it('shrinking to fit the window drops images too', () => {
    const cut = cutLargestToolResults(history(), 100, new TokenCounter((t) => t.length));
    expect(cut.changed).toBe(true);
    const block = cut.history[2].content[0] as ToolResultBlock;
    expect(block.images).toBeUndefined();
    expect(block.content).toContain('[image image/png, 17 B: left out to fit the context window]');
  });

  it('the session log stores each image once as a file and a resume reads it back; a lost file becomes a note', () => {
    const sessionsDir = mkdtempSync(join(tmpdir(), 'rein-img-log-'));
    dirs.push(sessionsDir);
    const log = SessionLog.create({ sessionsDir, meta: { sessionId: 's1', cwd: '/w', provider: 'anthropic', model: 'm', startedAt: '2026-01-01T00:00:00.000Z' } });
    for (const message of history()) log.append({ kind: 'history', op: 'append', message });
    log.append({ kind: 'history', op: 'replace', messages: history() });
    log.close();
    const files = readdirSync(join(sessionsDir, 's1', 'images')).sort();
    expect(files).toHaveLength(2);
    expect(files.some((f) => f.endsWith('.png')) && files.some((f) => f.endsWith('.bin'))).toBe(true);

    const loaded = loadSession(log.file);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.history).toEqual(history());

    rmSync(join(sessionsDir, 's1', 'images', files.find((f) => f.endsWith('.png')) ?? ''));
    const damaged = loadSession(log.file);
    const block = damaged.history[2].content[0] as ToolResultBlock;
    expect(block.images).toEqual([bmp]);
    expect(block.content).toBe('a screenshot\n[image image/png: its saved file is missing]');
    expect(damaged.warnings).toHaveLength(1);
    expect(validateHistory(damaged.history)).toBeUndefined();
  });

  it('read_file on a PNG puts the image into the history the model gets, and keeps it out of the tool_end event', async () => {
    const h = makeHarness([{ toolCalls: [{ id: 'r1', name: 'read_file', input: { path: 'logo.png' } }] }, { text: 'a logo' }]);
    try {
      const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('pixels')]);
      writeFileSync(join(h.workspace, 'logo.png'), bytes);
      const events = await runPrompt(h.session, 'look at logo.png');
      const block = h.provider.requests[1].messages.at(-1)?.content[0] as ToolResultBlock;
      expect(block.images).toEqual([{ type: 'image', mediaType: 'image/png', data: bytes.toString('base64') }]);
      expect(block.content).toBe('Image logo.png (image/png, 0.0 KB).');
      const end = events.find((e) => e.type === 'tool_end');
      expect(end && 'result' in end ? end.result.images : 'missing').toBeUndefined();
      expect(h.invalidRequests).toEqual([]);
    } finally {
      await h.cleanup();
    }
  });
});
