// esbuild gives each ES module that imports a CommonJS module a wrapper of its own (`__toESM`): at the TUI's start
// React alone is wrapped 58 times (and its JSX runtime 20), each wrapper copying every export as a getter. A wrapper
// depends only on the module and the import mode, so after the build the CLI's runtime chunk makes one per pair and
// hands it to every importer (first frame 4-5 ms sooner, alternating builds). Nothing mutates a wrapper: the bundle
// only reads it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** esbuild's helper, as it writes it with whitespace minified. */
export const toEsmHelper =
  'var __toESM=(mod,isNodeMode,target)=>(target=mod!=null?__create(__getProtoOf(mod)):{},__copyProps(isNodeMode||!mod||!mod.__esModule?__defProp(target,"default",{value:mod,enumerable:!0}):target,mod));';

/** The same helper, one wrapper per module and mode (objects and functions; anything else is wrapped each time). */
export const sharedToEsm =
  'var __toESMOne=(mod,isNodeMode,target)=>(target=mod!=null?__create(__getProtoOf(mod)):{},__copyProps(isNodeMode||!mod||!mod.__esModule?__defProp(target,"default",{value:mod,enumerable:!0}):target,mod)),' +
  '__toESMMade=new WeakMap,__toESM=(mod,isNodeMode)=>{if(mod===null||typeof mod!="object"&&typeof mod!="function")return __toESMOne(mod,isNodeMode);' +
  'let made=__toESMMade.get(mod);made||__toESMMade.set(mod,made=[,,]);return made[isNodeMode?1:0]??=__toESMOne(mod,isNodeMode)};';

/** Rewrites the one file of `dir` that defines the helper; stops the build if esbuild no longer writes it this way. */
export function shareEsmWrappers(dir) {
  const found = readdirSync(dir).filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') })).filter(({ text }) => text.includes('__toESM='));
  if (found.length !== 1 || found[0].text.split(toEsmHelper).length !== 2) {
    throw new Error(`esmInterop.mjs: expected esbuild's __toESM helper exactly once in one file of ${dir} (found in ${found.map(({ file }) => file).join(', ') || 'none'}); update toEsmHelper for this esbuild.`);
  }
  writeFileSync(join(dir, found[0].file), found[0].text.replace(toEsmHelper, sharedToEsm));
  return found[0].file;
}
