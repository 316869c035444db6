import type { Plugin } from 'esbuild';

/** Points the bundle's imports of string-width 8 at components/lines/cellWidth.ts (see cellWidthPlugin.mjs). */
export declare const cellWidthPlugin: Plugin;
