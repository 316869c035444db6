// cellWidth answers exactly as string-width does, and the build gives it to every package that measures with string-width.
import path from 'node:path';
import { build } from 'esbuild';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import cellWidth from '../../components/lines/cellWidth.js';
import { cellWidthPlugin } from '../../scripts/cellWidthPlugin.mjs';

const root = path.resolve(import.meta.dirname, '../..');

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

  it('is what Ink, wrap-ansi and cli-truncate import as string-width in the build', async () => {
    const result = await build({
      stdin: { contents: "import 'ink'; import 'wrap-ansi'; import 'cli-truncate';", resolveDir: root, loader: 'ts' },
      bundle: true, format: 'esm', platform: 'node', write: false, metafile: true, logLevel: 'silent',
      external: ['react-devtools-core'], plugins: [cellWidthPlugin],
    });
    const inputs = result.metafile.inputs;
    const importers = Object.entries(inputs).filter(([, input]) => input.imports.some((i) => i.original === 'string-width'));
    const targets = new Map(importers.map(([file, input]) => [file, input.imports.find((i) => i.original === 'string-width')?.path]));
    expect(targets.get('node_modules/wrap-ansi/index.js')).toBe('components/lines/cellWidth.ts');
    expect(targets.get('node_modules/cli-truncate/index.js')).toBe('components/lines/cellWidth.ts');
    expect([...targets].filter(([file]) => file.startsWith('node_modules/ink/')).map(([, to]) => to)).not.toHaveLength(0);
    for (const [file, to] of targets) if (file.startsWith('node_modules/ink/')) expect(to).toBe('components/lines/cellWidth.ts');
    // cellWidth itself still reaches the real string-width.
    expect(targets.get('components/lines/cellWidth.ts')).toBe('node_modules/string-width/index.js');
  }, 30_000);
});
