import type { Plugin } from 'esbuild';

/** Points the bundle's imports of string-width and cli-highlight at rein's stand-ins (see bundleSwaps.mjs). */
export declare const swapPlugin: Plugin;
