// `@path` in a user message attaches the file (read as read_file reads it, so it may be edited at once),
// a folder's listing, and leaves handles, MCP resources and unreadable paths alone or named.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPastedImages, findPromptMentions as findMentions } from '../../source/engine/mentions.js';
import { parseRule, type PermissionRule } from '../../source/permissions/rules.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';

/** A 1×1 PNG. */
const onePixelPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

describe('findMentions', () => {
  it('takes @words after whitespace, quoted paths, and drops trailing punctuation', () => {
    expect(findMentions('look at @src/a.ts, then @"my notes.txt" and (@b.md).')).toEqual(['src/a.ts', 'my notes.txt']);
    expect(findMentions('@first.ts\n@second.ts?')).toEqual(['first.ts', 'second.ts']);
  });

  it('is not fooled by e-mail addresses, MCP resources or code', () => {
    expect(findMentions('mail me@example.com or read @github:repo://issues')).toEqual([]);
    expect(findMentions('run `cat @a.txt` then\n```\n@b.txt\n```\nand @c.txt')).toEqual(['c.txt']);
  });
});

describe('@ mentions in a session', () => {
  it('attaches the file, announces it, and an edit needs no read_file first', async () => {
    h = makeHarness((_request, index) =>
      index === 0
        ? { toolCalls: [{ name: 'edit_file', input: { path: 'src/math.js', old_string: 'a - b', new_string: 'a + b' } }] }
        : { text: 'Fixed.' });
    mkdirSync(join(h.workspace, 'src'));
    writeFileSync(join(h.workspace, 'src/math.js'), 'export const add = (a, b) => a - b;\n');
    const events = await runPrompt(h.session, 'fix @src/math.js please');
    expect(runEnd(events).reason).toBe('done');
    expect(events.find((e) => e.type === 'attachments')).toMatchObject({ items: ['src/math.js (1 line)'] });
    const first = h.provider.requests[0];
    const texts = userTexts(first);
    expect(texts[0]).toBe('fix @src/math.js please');
    expect(texts[1]).toContain('<attached-file path="src/math.js">');
    expect(texts[1]).toContain('export const add = (a, b) => a - b;');
    // Counted as read: the edit went through without a read_file.
    expect(lastToolResults(h.provider.requests[1])[0]).not.toMatch(/read it first|has not been read/i);
    expect(h.invalidRequests).toEqual([]);
  });

  it('attaches a folder as its listing, and leaves a mention of nothing as plain text', async () => {
    h = makeHarness([{ text: 'ok' }]);
    mkdirSync(join(h.workspace, 'docs/guide'), { recursive: true });
    writeFileSync(join(h.workspace, 'docs/a.md'), 'a');
    const events = await runPrompt(h.session, 'what is in @docs and @nothing-here?');
    expect(events.find((e) => e.type === 'attachments')).toMatchObject({ items: ['docs/ (2 entries)'] });
    const texts = userTexts(h.provider.requests[0]);
    expect(texts[1]).toContain('<attached-folder path="docs">\na.md\nguide/\n</attached-folder>');
    expect(events.filter((e) => e.type === 'warning')).toEqual([]);
  });

  it('an image is named for read_file, which gives the model the image itself', async () => {
    h = makeHarness((_request, index) => (index === 0 ? { toolCalls: [{ name: 'read_file', input: { path: 'shot.png' } }] } : { text: 'A red dot.' }));
    writeFileSync(join(h.workspace, 'shot.png'), Buffer.from(onePixelPng, 'base64'));
    const events = await runPrompt(h.session, 'what is in @shot.png?');
    expect(events.find((e) => e.type === 'attachments')).toMatchObject({ items: ['shot.png (image)'] });
    expect(userTexts(h.provider.requests[0])[1]).toMatch(/<attached-image path="shot.png">Image shot.png \(image\/png, [^)]*\)\. Call read_file on it to see the image.<\/attached-image>/);
    const results = h.provider.requests[1].messages.at(-1)?.content.filter((b) => b.type === 'tool_result') ?? [];
    expect(results[0]).toMatchObject({ images: [{ type: 'image', mediaType: 'image/png' }] });
  });

  it('a pasted image path, even outside the workspace, is attached and read_file may open that one file', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'rein-desktop-'));
    const shot = join(elsewhere, 'my shot.png');
    writeFileSync(shot, Buffer.from(onePixelPng, 'base64'));
    writeFileSync(join(elsewhere, 'other.png'), Buffer.from(onePixelPng, 'base64'));
    try {
      h = makeHarness((_request, index) =>
        index === 0 ? { toolCalls: [{ name: 'read_file', input: { path: shot } }, { name: 'read_file', input: { path: join(elsewhere, 'other.png') } }] } : { text: 'ok' });
      const events = await runPrompt(h.session, `look at ${shot.replace(/ /g, '\\ ')} please`);
      expect(events.find((e) => e.type === 'attachments')).toMatchObject({ items: [`${shot} (image)`] });
      const [pasted, other] = h.provider.requests[1].messages.at(-1)?.content.filter((b) => b.type === 'tool_result') ?? [];
      expect(pasted).toMatchObject({ images: [{ mediaType: 'image/png' }] });
      // Only the pasted file: its neighbour stays outside what rein reads.
      expect(other).toMatchObject({ isError: true });
      expect(findPastedImages(`'a b.png' "c d.jpg" e\\ f.gif /x/y.webp notes.txt`)).toEqual(['a b.png', 'c d.jpg', 'e f.gif', '/x/y.webp']);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('a path the rules deny, or outside the workspace, is named in one warning and not attached', async () => {
    h = makeHarness([{ text: 'ok' }], { permissions: { rules: [parseRule('Read(**/secret.txt)', 'deny', 'test', { workspace: '/' }) as PermissionRule] } });
    writeFileSync(join(h.workspace, 'secret.txt'), 'the secret');
    const events = await runPrompt(h.session, 'show @secret.txt and @/etc/hostname');
    const warnings = events.filter((e) => e.type === 'warning').map((e) => (e as { message: string }).message);
    expect(warnings[0]).toMatch(/^@secret\.txt was not attached: a rule denies reading it/);
    expect(warnings[1]).toMatch(/^@\/etc\/hostname was not attached: /);
    expect(JSON.stringify(h.provider.requests[0].messages)).not.toContain('the secret');
    expect(events.some((e) => e.type === 'attachments')).toBe(false);
  });
});
