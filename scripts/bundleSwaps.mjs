// Modules the bundle takes from rein instead of a dependency, for speed, with the same answers (each is tested
// against the module it stands in for):
//   string-width (Ink, wrap-ansi, cli-truncate) -> components/view/cellWidth.ts: no grapheme segmenter or
//     emoji regex for text of one-cell characters;
//   cli-truncate (Ink) -> components/view/cellTruncate.ts: never wider than asked when a wide character
//     straddles the cut;
//   cli-highlight (marked-terminal) -> components/view/highlight.ts: no HTML parser between highlight.js and
//     the terminal colours.
//   node-emoji (marked-terminal) -> components/view/noEmoji.ts: no emoji table, as rein renders without emoji
//     shortcodes.
//   terminal-size (Ink) -> components/screen/terminalSize.ts: node:child_process (for tput and resize, its last
//     resorts) loads when they are reached, not before the first frame.
// string-width, slice-ansi and Ink's ansi-tokenize make their grapheme segmenter, and string-width its emoji
// regular expression, on first use (components/view/lazyUnicode.ts) instead of as they load: Node's first
// Intl.Segmenter costs 15-20 ms, the expression 17-27 ms.
// Yoga (Ink's layout) reads its WebAssembly from dist/yoga.wasm and compiles it on the main thread
// (components/screen/yogaWasm.ts); the bundle drops the base64 copy its loader would decode.
// Only the copy named here is swapped: other versions of the same package under other packages stay as they are.
// The provider SDKs (openai, @anthropic-ai/sdk) also get rein's Headers and FormData in place of the globals
// (source/providers/fetchClasses.ts): touching either global loads Node's whole fetch implementation. Their body
// checks get rein's ReadableStream, which reads the global only for a body that could be a stream.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

const swaps = [
  { name: 'string-width', real: resolve('node_modules/string-width/index.js'), with: resolve('components/view/cellWidth.ts') },
  { name: 'cli-truncate', real: resolve('node_modules/cli-truncate/index.js'), with: resolve('components/view/cellTruncate.ts') },
  { name: 'cli-highlight', real: resolve('node_modules/cli-highlight/dist/index.js'), with: resolve('components/view/highlight.ts') },
  { name: 'node-emoji', real: resolve('node_modules/node-emoji/lib/index.js'), with: resolve('components/view/noEmoji.ts') },
  { name: 'terminal-size', real: resolve('node_modules/terminal-size/index.js'), with: resolve('components/screen/terminalSize.ts') },
];

/** The files whose module-level `new Intl.Segmenter(...)` becomes a lazy one (each only calls its `segment`); string-width first. */
const lazySegmenterFiles = [
  resolve('node_modules/string-width/index.js'),
  resolve('node_modules/slice-ansi/tokenize-ansi.js'),
  resolve('node_modules/@alcalzone/ansi-tokenize/build/tokenize.js'),
];

/** A regular expression that matches exactly these paths, for an esbuild filter. */
const exactly = (paths) => new RegExp(`^(?:${paths.map((path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

// Yoga's WebAssembly, which its package ships only as base64 inside its loader: the bundle drops it from there, and
// the build writes it out as dist/yoga.wasm.
const yogaLoader = resolve('node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js');
const yogaPayload = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/g;

/** Where Yoga's loader holds its module: the literal and its base64; throws when a new version holds it otherwise. */
function yogaPayloadIn(text) {
  const [payload, ...more] = [...text.matchAll(yogaPayload)];
  if (!payload || more.length > 0) throw new Error(`${yogaLoader}: Yoga's WebAssembly is not where bundleSwaps.mjs expects; look at it again.`);
  return { literal: payload[0], base64: payload[1] };
}

/** Yoga's WebAssembly module, for the build to write beside the bundle. */
export const yogaWasmBytes = () => Buffer.from(yogaPayloadIn(readFileSync(yogaLoader, 'utf8')).base64, 'base64');

export const swapPlugin = {
  name: 'rein-swaps',
  setup(build) {
    const lazyUnicode = resolve('components/view/lazyUnicode.ts');
    build.onLoad({ filter: exactly(lazySegmenterFiles) }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const made = text.split('new Intl.Segmenter(').length - 1;
      // A new version that makes it another way, or uses more of it than segment(), must be looked at again.
      const uses = [...text.matchAll(/\b(\w+) = new Intl\.Segmenter\(/g)].map((match) => match[1]);
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      const otherUse = uses.some((name) => new RegExp(`\\b${name}\\b(?!\\.segment\\(| = new Intl)`).test(code));
      if (made === 0 || made !== uses.length || otherUse) throw new Error(`${args.path}: its Intl.Segmenter is not made as bundleSwaps.mjs expects; look at it again.`);
      let contents = text.replaceAll('new Intl.Segmenter(', '__reinLazySegmenter(');
      if (args.path === lazySegmenterFiles[0]) {
        const emoji = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;';
        if (!contents.includes(emoji) || /\brgiEmojiRegex\b(?!\.test\(| = \/)/.test(code)) throw new Error(`${args.path}: its emoji expression is not made as bundleSwaps.mjs expects; look at it again.`);
        // A function, so the `$'` in the replacement is not read as a replacement pattern.
        contents = contents.replace(emoji, () => "const rgiEmojiRegex = __reinLazyRegExp('^\\\\p{RGI_Emoji}$', 'v');");
      }
      return { contents: `import { lazySegmenter as __reinLazySegmenter, lazyRegExp as __reinLazyRegExp } from ${JSON.stringify(lazyUnicode)};\n${contents}`, loader: 'js' };
    });
    const yogaWasm = resolve('components/screen/yogaWasm.ts');
    const yogaIndex = resolve('node_modules/yoga-layout/dist/src/index.js');
    build.onLoad({ filter: exactly([yogaIndex, yogaLoader]) }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (args.path === yogaIndex) {
        const load = 'const Yoga = wrapAssembly(await loadYoga());';
        if (!text.includes(load)) throw new Error(`${args.path}: Yoga is not loaded as bundleSwaps.mjs expects; look at it again.`);
        return { contents: `import { yogaOptions as __reinYogaOptions } from ${JSON.stringify(yogaWasm)};\n${text.replace(load, 'const Yoga = wrapAssembly(await loadYoga(__reinYogaOptions()));')}`, loader: 'js' };
      }
      return { contents: text.replace(yogaPayloadIn(text).literal, '"data:application/octet-stream;base64,"'), loader: 'js' };
    });
    const fetchClasses = resolve('source/providers/fetchClasses.ts');
    build.onLoad({ filter: /[\\/]node_modules[\\/](openai|@anthropic-ai[\\/]sdk)[\\/].*\.mjs$/ }, async (args) => {
      const read = await readFile(args.path, 'utf8');
      // A file that tests bodies against the global ReadableStream tests them against rein's instead.
      const text = /instanceof globalThis\.ReadableStream\b/.test(read) ? read.replaceAll('globalThis.ReadableStream', '__reinReadableStream') : read;
      const names = [['LightHeaders', 'Headers'], ['LazyFormData', 'FormData'], ['LazyReadableStream', '__reinReadableStream']]
        .filter(([, name]) => new RegExp(`(?<![.\\w$])${name}\\b`).test(text));
      if (names.length === 0) return undefined;
      return { contents: `import { ${names.map(([ours, name]) => `${ours} as ${name}`).join(', ')} } from ${JSON.stringify(fetchClasses)};\n${text}`, loader: 'js' };
    });
    for (const swap of swaps) {
      build.onResolve({ filter: new RegExp(`^${swap.name}$`) }, async (args) => {
        if (args.importer === swap.with || args.pluginData === swap.name) return undefined;
        const real = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: swap.name });
        return real.errors.length === 0 && real.path === swap.real ? { path: swap.with } : real;
      });
    }
  },
};
