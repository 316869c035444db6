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
// Yoga (Ink's layout) reads its WebAssembly from dist/yoga.wasm and compiles it on the main thread, synchronously
// (components/screen/yogaWasm.ts); the bundle drops the base64 copy its loader would decode.
// Ink's reconciler loses the top-level awaits it runs only when DEV=true.
// ansi-tokenize's styledCharsToString, with which Ink turns its rows back into text, skips neighbours styled alike
// (components/screen/sameStyles.ts).
// Only the copy named here is swapped: other versions of the same package under other packages stay as they are.
// The provider SDKs (openai, @anthropic-ai/sdk) also get rein's Headers and FormData in place of the globals
// (source/providers/fetchClasses.ts): touching either global loads Node's whole fetch implementation. Their body
// checks get rein's ReadableStream, which reads the global only for a body that could be a stream.
import { readFileSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/**
 * A dependency's file as esbuild names it: by its real path, so the swaps still apply where node_modules is a link
 * (a checkout that links the packages of another, as the global install test builds).
 */
const dependency = (path) => {
  try {
    return realpathSync(resolve(path));
  } catch {
    return resolve(path);
  }
};

const swaps = [
  { name: 'string-width', real: dependency('node_modules/string-width/index.js'), with: resolve('components/view/cellWidth.ts') },
  { name: 'cli-truncate', real: dependency('node_modules/cli-truncate/index.js'), with: resolve('components/view/cellTruncate.ts') },
  { name: 'cli-highlight', real: dependency('node_modules/cli-highlight/dist/index.js'), with: resolve('components/view/highlight.ts') },
  { name: 'node-emoji', real: dependency('node_modules/node-emoji/lib/index.js'), with: resolve('components/view/noEmoji.ts') },
  { name: 'terminal-size', real: dependency('node_modules/terminal-size/index.js'), with: resolve('components/screen/terminalSize.ts') },
];

/** The files whose module-level `new Intl.Segmenter(...)` becomes a lazy one (each only calls its `segment`); string-width first. */
const lazySegmenterFiles = [
  dependency('node_modules/string-width/index.js'),
  dependency('node_modules/slice-ansi/tokenize-ansi.js'),
  dependency('node_modules/@alcalzone/ansi-tokenize/build/tokenize.js'),
];

/** A regular expression that matches exactly these paths, for an esbuild filter. */
const exactly = (paths) => new RegExp(`^(?:${paths.map((path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

// Yoga's WebAssembly, which its package ships only as base64 inside its loader: the bundle drops it from there, and
// the build writes it out as dist/yoga.wasm.
const yogaLoader = dependency('node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js');
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
    const yogaIndex = dependency('node_modules/yoga-layout/dist/src/index.js');
    build.onLoad({ filter: exactly([yogaIndex, yogaLoader]) }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (args.path === yogaIndex) {
        const load = 'const Yoga = wrapAssembly(await loadYoga());';
        if (!text.includes(load)) throw new Error(`${args.path}: Yoga is not loaded as bundleSwaps.mjs expects; look at it again.`);
        // The options instantiate Yoga synchronously, so its loader has run when it returns: no top-level await,
        // which the build's CommonJS chunks cannot hold (see chunkFormat.mjs).
        const sync = 'const __reinYoga = __reinYogaOptions(); loadYoga(__reinYoga); ' +
          "if (__reinYoga.calledRun !== true) throw new Error('Yoga did not load synchronously.'); const Yoga = wrapAssembly(__reinYoga);";
        return { contents: `import { yogaOptions as __reinYogaOptions } from ${JSON.stringify(yogaWasm)};\n${text.replace(load, sync)}`, loader: 'js' };
      }
      return { contents: text.replace(yogaPayloadIn(text).literal, '"data:application/octet-stream;base64,"'), loader: 'js' };
    });
    // Ink's reconciler awaits two imports at its top level, both only when DEV=true (React's devtools and Ink's
    // package.json for them); the build sets DEV to false, so both go, and with them its top-level await.
    const inkReconciler = dependency('node_modules/ink/build/reconciler.js');
    build.onLoad({ filter: exactly([inkReconciler]) }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const devtools = /\nif \(isDev\(\)\) \{\n {4}try \{\n {8}await import\('\.\/devtools\.js'\);\n[\s\S]*?\n {4}\}\n\}\n/;
      const packageJson = 'const packageJson = isDev()\n    ? await loadPackageJson()\n    : { name: undefined, version: undefined };';
      if (!devtools.test(text) || !text.includes(packageJson)) throw new Error(`${args.path}: Ink's top-level awaits are not as bundleSwaps.mjs expects; look at it again.`);
      const contents = text.replace(devtools, '\n').replace(packageJson, 'const packageJson = { name: undefined, version: undefined };');
      if (/^\S.*\bawait\b/m.test(contents)) throw new Error(`${args.path}: Ink's reconciler still awaits at its top level; look at it again.`);
      return { contents, loader: 'js' };
    });
    // ansi-tokenize's styledCharsToString (Ink's rows back to text) skips the codes between neighbours styled
    // alike, and after a last character with no style: no Sets made for a difference that is empty
    // (components/screen/sameStyles.ts).
    const styledChars = dependency('node_modules/@alcalzone/ansi-tokenize/build/styledChars.js');
    const sameStyles = resolve('components/screen/sameStyles.ts');
    build.onLoad({ filter: exactly([styledChars]) }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const between = 'ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));';
      const last = 'ret += ansiCodesToString(diffAnsiCodes(char.styles, []));';
      if (text.split(between).length !== 2 || text.split(last).length !== 2) throw new Error(`${args.path}: styledCharsToString is not as bundleSwaps.mjs expects; look at it again.`);
      const contents = text
        .replace(between, () => `if (!__reinSameStyles(chars[i - 1].styles, char.styles)) ${between}`)
        .replace(last, () => `if (char.styles.length > 0) ${last}`);
      return { contents: `import { sameStyles as __reinSameStyles } from ${JSON.stringify(sameStyles)};\n${contents}`, loader: 'js' };
    });
    // web-tree-sitter makes its own `require` with `var require = createRequire(...)` after awaiting
    // import("module"). In a CommonJS chunk (chunkFormat.mjs) that import becomes a call of the chunk's require, which
    // the hoisted var has made undefined by then; node:module comes from a static import instead.
    const treeSitter = dependency('node_modules/web-tree-sitter/tree-sitter.js');
    build.onLoad({ filter: exactly([treeSitter]) }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const made = '      const { createRequire } = await import("module");\n      var require = createRequire(import.meta.url);';
      if (text.split(made).length !== 2) throw new Error(`${args.path}: web-tree-sitter does not make its require as bundleSwaps.mjs expects; look at it again.`);
      return { contents: `import { createRequire as __reinTreeSitterRequire } from 'node:module';\n${text.replace(made, '      var require = __reinTreeSitterRequire(import.meta.url);')}`, loader: 'js' };
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
