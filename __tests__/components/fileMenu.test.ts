// The `@` completion: which word is a mention being typed, fuzzy matching, and what choosing a file writes.
import { describe, expect, it } from 'vitest';
import { completeMention, loadFileMatcher, matchFiles, mentionAt } from '../../hooks/fileMenu.js';

describe('mentionAt', () => {
  it('finds the @word ending at the cursor after a line start or a space', () => {
    expect(mentionAt('@src', 4)).toEqual({ start: 0, query: 'src' });
    expect(mentionAt('fix @ma', 7)).toEqual({ start: 4, query: 'ma' });
    expect(mentionAt('fix @', 5)).toEqual({ start: 4, query: '' });
  });

  it('offers nothing for e-mail addresses, MCP resources, or a word the cursor is not at the end of', () => {
    expect(mentionAt('me@example.com', 14)).toBeUndefined();
    expect(mentionAt('read @github:repo', 17)).toBeUndefined();
    expect(mentionAt('fix @math.js now', 8)).toBeUndefined();
    expect(mentionAt('fix @math.js now', 16)).toBeUndefined();
  });
});

describe('matchFiles', () => {
  const files = ['README.md', 'src/math.js', 'src/format/markdown.ts', 'test/math.test.js', 'docs/guide/intro.md'];

  // First, as fzf loads once per process: the listing waits for it (useWorkspaceFiles.ts), so the menu never shows this.
  it('before fzf has loaded, offers the paths that contain the query, shortest first', () => {
    expect(matchFiles(files, 'math')).toEqual(['src/math.js', 'test/math.test.js']);
    expect(matchFiles(files, 'mathjs')).toEqual([]);
  });

  it('ranks fuzzy matches, best first', async () => {
    await loadFileMatcher();
    const found = matchFiles(files, 'mathjs');
    expect(found[0]).toBe('src/math.js');
    expect(found).toContain('test/math.test.js');
    expect(found).not.toContain('README.md');
  });

  it('with no query, offers the shortest paths first', () => {
    expect(matchFiles(files, '').slice(0, 2)).toEqual(['README.md', 'src/math.js']);
  });
});

describe('completeMention', () => {
  it('replaces the @word with the path and a space, cursor after it; quotes a path with spaces', () => {
    const text = 'fix @ma please';
    expect(completeMention(text, { start: 4, query: 'ma' }, 7, 'src/math.js')).toEqual({ text: 'fix @src/math.js please', cursor: 17 });
    expect(completeMention('see @no', { start: 4, query: 'no' }, 7, 'my notes.md')).toEqual({ text: 'see @"my notes.md" ', cursor: 19 });
  });
});
