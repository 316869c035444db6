/** esbuild's `__toESM` helper as it writes it (see esmInterop.mjs). */
export declare const toEsmHelper: string;
/** The helper that makes one wrapper per module and import mode. */
export declare const sharedToEsm: string;
/** Rewrites the helper in the one file of `dir` that defines it; returns that file's name. */
export declare function shareEsmWrappers(dir: string): string;
