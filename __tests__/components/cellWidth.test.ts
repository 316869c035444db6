// cellWidth answers exactly as string-width does.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import cellWidth from '../../components/view/cellWidth.js';

describe('cellWidth', () => {
  it('takes its shortcut only for characters string-width counts as one cell each', () => {
    // Every BMP character the shortcut accepts, checked one by one.
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCharCode(code);
      if (cellWidth(char) !== stringWidth(char)) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('measures mixed, styled, wide, combined and emoji text as string-width does', () => {
    const samples = [
      '', 'plain ascii', '❯ prompt ─── rule · ↑12 ↓3 …', '\x1b[1mbold\x1b[22m ✓ done', '\x1b[36m● ◐ ○\x1b[39m',
      '日本語のテキスト', 'e\u0301 combining', '👍🏽 thumbs', '✔️ check with VS16', '⏳ queued', 'tab\there', 'zero\u200bwidth',
      '\u00ad soft hyphen', 'flag 🇳🇱', 'family 👨‍👩‍👧', '\x9b31mcsi\x9b0m', '한국어', '\uE000 slot',
    ];
    for (const text of samples) expect([text, cellWidth(text)]).toEqual([text, stringWidth(text)]);
    expect(cellWidth('─…', { ambiguousIsNarrow: false })).toBe(stringWidth('─…', { ambiguousIsNarrow: false }));
    expect(cellWidth('\x1b[1mx', { countAnsiEscapeCodes: true })).toBe(stringWidth('\x1b[1mx', { countAnsiEscapeCodes: true }));
  });
});
