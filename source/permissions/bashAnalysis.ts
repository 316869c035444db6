// What judges a bash command: the analysis (expansion, wrappers, paths, rules) and the bash grammar it walks, loaded
// together on first use. A start that runs no command compiles neither; `judge` awaits them before any verdict.
import { loadShellParser } from './shellParser.js';

export type BashAnalysis = typeof import('./bashAnalysisParts.js');

let loading: Promise<BashAnalysis> | undefined;

/** Resolves once the analysis and the grammar are loaded; later calls return the same promise. */
export function loadBashAnalysis(): Promise<BashAnalysis> {
  loading ??= Promise.all([import('./bashAnalysisParts.js'), loadShellParser()]).then(([parts]) => parts);
  return loading;
}
