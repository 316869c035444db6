// The build gives rein's stand-ins to the packages that import string-width 8, cli-highlight, node-emoji and
// terminal-size, and to no others; the provider SDKs get rein's Headers and FormData; string-width, slice-ansi
// and Ink's ansi-tokenize make their grapheme segmenter (and string-width its emoji expression) when they first
// need it, not as they load.
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it, onTestFinished } from 'vitest';
import { styledCharsFromTokens, styledCharsToString, tokenize } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import { swapPlugin } from '../../scripts/bundleSwaps.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** For each bundled file that imports `name`, the file the import resolved to. */
async function importsOf(entry: string, name: string): Promise<Map<string, string | undefined>> {
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true, format: 'esm', platform: 'node', write: false, metafile: true, logLevel: 'silent',
    external: ['react-devtools-core'], plugins: [swapPlugin],
  });
  const found = new Map<string, string | undefined>();
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    const hit = input.imports.find((i) => i.original === name);
    if (hit) found.set(file, hit.path);
  }
  return found;
}

describe('bundle swaps', () => {
  it('Ink, wrap-ansi and cli-truncate measure with cellWidth, which still reaches string-width', async () => {
    const targets = await importsOf("import 'ink'; import 'wrap-ansi'; import 'cli-truncate';", 'string-width');
    expect(targets.get('node_modules/wrap-ansi/index.js')).toBe('components/view/cellWidth.ts');
    expect(targets.get('node_modules/cli-truncate/index.js')).toBe('components/view/cellWidth.ts');
    const ink = [...targets].filter(([file]) => file.startsWith('node_modules/ink/'));
    expect(ink).not.toHaveLength(0);
    for (const [, to] of ink) expect(to).toBe('components/view/cellWidth.ts');
    expect(targets.get('components/view/cellWidth.ts')).toBe('node_modules/string-width/index.js');
  }, 30_000);

  it('Ink cuts lines with cellTruncate, which still reaches cli-truncate', async () => {
    const targets = await importsOf("import 'ink';", 'cli-truncate');
    const ink = [...targets].filter(([file]) => file.startsWith('node_modules/ink/'));
    expect(ink).not.toHaveLength(0);
    for (const [, to] of ink) expect(to).toBe('components/view/cellTruncate.ts');
    expect(targets.get('components/view/cellTruncate.ts')).toBe('node_modules/cli-truncate/index.js');
  }, 30_000);

  it('marked-terminal highlights with highlight.ts; older string-width copies stay as they are', async () => {
    const highlighters = await importsOf("import 'marked-terminal';", 'cli-highlight');
    expect(highlighters.get('node_modules/marked-terminal/index.js')).toBe('components/view/highlight.ts');
    const widths = await importsOf("import 'marked-terminal';", 'string-width');
    const older = [...widths].filter(([file]) => file.includes('cli-table3'));
    expect(older).not.toHaveLength(0);
    for (const [, to] of older) expect(to).toMatch(/node_modules\/.*string-width/);
  }, 30_000);

  it('marked-terminal gets no emoji table: rein renders without shortcodes', async () => {
    const targets = await importsOf("import 'marked-terminal';", 'node-emoji');
    expect(targets.get('node_modules/marked-terminal/index.js')).toBe('components/view/noEmoji.ts');
  }, 30_000);

  it('Ink asks terminalSize.ts for the size, which loads child_process only for its last resorts', async () => {
    const targets = await importsOf("import 'ink';", 'terminal-size');
    expect(targets.get('node_modules/ink/build/ink.js')).toBe('components/screen/terminalSize.ts');
  }, 30_000);

  it('the provider SDKs build headers and test bodies with fetchClasses.ts, not the globals', async () => {
    for (const sdk of ['openai', '@anthropic-ai/sdk']) {
      const result = await build({
        stdin: { contents: `export * from '${sdk}';`, resolveDir: root, loader: 'ts' },
        bundle: true, format: 'esm', platform: 'node', write: false, metafile: true, logLevel: 'silent', plugins: [swapPlugin],
      });
      // Their body checks read no global ReadableStream: only the shim that really makes a stream does.
      const text = result.outputFiles[0].text;
      expect(text, sdk).toMatch(/instanceof LazyReadableStream\b/);
      expect(text, sdk).not.toMatch(/globalThis\.ReadableStream\s*&&|typeof globalThis\.ReadableStream !==/);
      const users = Object.entries(result.metafile.inputs)
        .filter(([, input]) => input.imports.some((i) => i.path === 'source/providers/fetchClasses.ts')).map(([file]) => file);
      expect(users, sdk).toContain(`node_modules/${sdk}/internal/headers.mjs`);
      expect(users, sdk).toContain(`node_modules/${sdk}/client.mjs`);
    }
  }, 30_000);

  it('the markdown renderer carries the common grammars only, not all of highlight.js', async () => {
    const result = await build({
      stdin: { contents: "import 'marked-terminal';", resolveDir: root, loader: 'ts' },
      bundle: true, format: 'esm', platform: 'node', write: false, metafile: true, logLevel: 'silent', plugins: [swapPlugin],
    });
    const grammars = Object.keys(result.metafile.inputs).filter((file) => file.startsWith('node_modules/highlight.js/'));
    expect(grammars).toContain('node_modules/highlight.js/lib/languages/typescript.js');
    expect(grammars).not.toContain('node_modules/highlight.js/lib/index.js');
    expect(grammars).not.toContain('node_modules/highlight.js/lib/languages/mathematica.js');
  }, 30_000);

  it('string-width, slice-ansi and ansi-tokenize make no Intl.Segmenter or emoji expression as they load, one when first needed, and answer as before', async () => {
    const result = await build({
      stdin: {
        contents: "export { default as stringWidth } from 'string-width'; export { default as sliceAnsi } from 'slice-ansi'; export { tokenize } from '@alcalzone/ansi-tokenize';",
        resolveDir: root, loader: 'ts',
      },
      // The CLI's target, which writes a v-flag expression as `new RegExp(...)`, made as the module loads.
      bundle: true, format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'silent', plugins: [swapPlugin],
    });
    const intl = Intl as unknown as { Segmenter: typeof Intl.Segmenter };
    const Real = intl.Segmenter;
    let made = 0;
    intl.Segmenter = new Proxy(Real, { construct: (target, args: ConstructorParameters<typeof Intl.Segmenter>) => { made += 1; return new target(...args); } });
    onTestFinished(() => { intl.Segmenter = Real; });
    // string-width's emoji expression (\p{RGI_Emoji}) is made on first use too.
    const RealRegExp = globalThis.RegExp;
    let emojiMade = 0;
    globalThis.RegExp = new Proxy(RealRegExp, {
      construct: (target, args: [string | RegExp, string?]) => { if (String(args[0]).includes('RGI_Emoji')) emojiMade += 1; return new target(...args); },
    });
    onTestFinished(() => { globalThis.RegExp = RealRegExp; });
    const bundled = (await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`)) as {
      stringWidth: typeof stringWidth; sliceAnsi: typeof sliceAnsi; tokenize: typeof tokenize;
    };
    expect(made).toBe(0);
    expect(emojiMade).toBe(0);
    const samples = ['plain', '\u{1F44D}\u{1F3FD} thumbs', '\u65E5\u672C\u8A9E text', 'e\u0301 accent', '\x1b[31mred \u{1F468}\u200D\u{1F469}\u200D\u{1F467} family\x1b[39m'];
    for (const sample of samples) {
      expect(bundled.stringWidth(sample), sample).toBe(stringWidth(sample));
      expect(bundled.sliceAnsi(sample, 1, 6), sample).toBe(sliceAnsi(sample, 1, 6));
      expect(bundled.tokenize(sample), sample).toEqual(tokenize(sample));
    }
    // One each, made on first use and kept.
    expect(made).toBe(3);
    expect(emojiMade).toBe(1);
  }, 30_000);

  it("ansi-tokenize's styledCharsToString skips neighbours styled alike and writes what the original writes (seeded random rows)", async () => {
    const result = await build({
      stdin: { contents: "export { styledCharsToString } from '@alcalzone/ansi-tokenize';", resolveDir: root, loader: 'ts' },
      bundle: true, format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'silent', plugins: [swapPlugin],
    });
    expect(result.outputFiles[0].text).toContain('sameStyles(');
    const bundled = (await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`)) as { styledCharsToString: typeof styledCharsToString };
    // Styles that override, end or coexist with one another (bold and dim share their end), resets, 256 and true colours.
    const codes = ['\x1b[1m', '\x1b[2m', '\x1b[22m', '\x1b[3m', '\x1b[23m', '\x1b[4m', '\x1b[24m', '\x1b[7m', '\x1b[27m', '\x1b[31m', '\x1b[32m', '\x1b[39m',
      '\x1b[38;5;208m', '\x1b[38;2;10;20;30m', '\x1b[44m', '\x1b[48;5;17m', '\x1b[49m', '\x1b[0m', '\x1b[m'];
    const texts = ['a', 'b', ' ', 'x', '\u65E5', '\u{1F44D}', '\u2500', 'e\u0301'];
    let seed = 0x5eed;
    const random = (n: number): number => {
      seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
      return seed % n;
    };
    for (let run = 0; run < 2000; run++) {
      let row = '';
      for (let piece = random(40); piece >= 0; piece--) row += random(3) === 0 ? codes[random(codes.length)] : texts[random(texts.length)].repeat(1 + random(4));
      const chars = styledCharsFromTokens(tokenize(row));
      // Ink drops the cells a wide character covers, so rows reach it with pieces missing: some runs drop a few.
      const kept = run % 2 === 0 ? chars : chars.filter(() => random(5) !== 0);
      expect(bundled.styledCharsToString(kept), `run ${run}: ${JSON.stringify(row)}`).toBe(styledCharsToString(kept));
    }
  }, 30_000);

  it('Yoga gets its module from yogaWasm.ts, and the bundle carries no base64 copy of it', async () => {
    const result = await build({
      stdin: { contents: "import 'ink';", resolveDir: root, loader: 'ts' },
      bundle: true, format: 'esm', platform: 'node', write: false, metafile: true, logLevel: 'silent', external: ['react-devtools-core'], plugins: [swapPlugin],
    });
    const users = Object.entries(result.metafile.inputs).filter(([, input]) => input.imports.some((i) => i.path === 'components/screen/yogaWasm.ts')).map(([file]) => file);
    expect(users).toEqual(['node_modules/yoga-layout/dist/src/index.js']);
    const text = result.outputFiles[0].text;
    expect(text).toContain('yogaOptions()');
    // "AGFzbQ" is the base64 of the WebAssembly magic number that starts every module.
    expect(text).not.toContain('AGFzbQ');
  }, 30_000);
});
