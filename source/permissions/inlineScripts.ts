// sed and awk programs given on the command line: whether one runs commands or touches other files (sed's `e`, `w`,
// `r`; awk's system(), pipes and getline), so only a rule naming the exact command may approve it.

const optionsWithValue = new Set(['-e', '--expression', '-f', '--file', '-l', '--line-length', '-v', '--assign', '-F', '--field-separator']);

/** The inline programs and script files of a sed or awk command line. */
function programs(args: string[], awk: boolean): { inline: string[]; files: number } {
  const inline: string[] = [];
  let files = 0;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-e' || a === '--expression') inline.push(args[++i] ?? '');
    else if (a.startsWith('--expression=')) inline.push(a.slice(13));
    else if (a === '-f' || a === '--file' || a.startsWith('--file=') || (/^-f./.test(a) && !awk)) { files++; if (a === '-f' || a === '--file') i++; }
    else if (optionsWithValue.has(a)) i++;
    else if (a === '--') { operands.push(...args.slice(i + 1)); break; }
    else if (!a.startsWith('-') || a === '-') operands.push(a);
  }
  if ((awk ? files === 0 : inline.length === 0 && files === 0) && operands.length > 0) inline.push(operands[0]);
  return { inline, files };
}

/** Reads past a `delim`-delimited part starting at `i`; returns the index after the closing delimiter, or -1. */
function skipDelimited(script: string, i: number, delim: string): number {
  for (let k = i; k < script.length; k++) {
    if (script[k] === '\\') { k++; continue; }
    if (script[k] === delim) return k + 1;
  }
  return -1;
}

/** True when a sed script may run commands or read and write other files. */
function sedScriptRisky(script: string): boolean {
  let i = 0;
  const end = (k: number) => { while (k < script.length && script[k] !== '\n' && script[k] !== ';' && script[k] !== '}') k++; return k; };
  while (i < script.length) {
    const ch = script[i];
    if (/[\s;{}!,0-9$~]/.test(ch)) { i++; continue; }
    if (ch === '/' || ch === '\\') {
      const delim = ch === '\\' ? script[i + 1] : '/';
      i = skipDelimited(script, ch === '\\' ? i + 2 : i + 1, delim);
      if (i < 0) return true;
      while (/[IM]/.test(script[i] ?? '')) i++;
      continue;
    }
    if (ch === 's' || ch === 'y') {
      const delim = script[i + 1];
      if (!delim || delim === '\n' || delim === '\\') return true;
      let k = skipDelimited(script, i + 2, delim);
      if (k < 0) return true;
      k = skipDelimited(script, k, delim);
      if (k < 0) return true;
      const flagsEnd = end(k);
      if (ch === 's' && /[ewrRW]/.test(script.slice(k, flagsEnd).replace(/\s.*$/, ''))) return true;
      i = flagsEnd;
      continue;
    }
    if ('ewWrR'.includes(ch)) return true;
    if ('aic#'.includes(ch)) {
      const nl = script.indexOf('\n', i);
      i = nl < 0 ? script.length : nl + 1;
      continue;
    }
    if ('btT:'.includes(ch)) { i = end(i + 1); continue; }
    if ('pdDgGhHlLnNPqQxz=F'.includes(ch)) { i++; continue; }
    return true;
  }
  return false;
}

const awkRisk = /\bsystem\s*\(|(^|[^|])\|(?!\|)|\bgetline\b|@load|@include|\bprintf?\b[^;}]*>|\bclose\s*\(|\bfflush\s*\(/;

/** Why `program args` must be approved exactly, when its inline sed or awk program runs commands or reaches other files. */
export function inlineScriptReason(program: string, args: string[]): string | undefined {
  if (program === 'sed' || program === 'gsed') {
    if (args.includes('--sandbox')) return undefined;
    const { inline, files } = programs(args, false);
    return files > 0 || inline.some(sedScriptRisky) ? 'its sed script runs commands or reads and writes other files' : undefined;
  }
  if (/^(awk|gawk|mawk|nawk|busybox-awk)$/.test(program)) {
    if (args.some((a) => a === '--sandbox' || a === '-S')) return undefined;
    const { inline, files } = programs(args, true);
    return files > 0 || args.some((a) => /^(-l|--load|-E|--exec|-i|--include)/.test(a)) || inline.some((p) => awkRisk.test(p)) ? 'its awk program runs commands or reads and writes other files' : undefined;
  }
  return undefined;
}
