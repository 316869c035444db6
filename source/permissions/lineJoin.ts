// Removes backslash-newline pairs the way bash's reader does before it splits words, so the parser sees the words bash runs.

type Frame = 'plain' | 'double' | 'subst' | 'backtick';

interface Heredoc {
  delimiter: string;
  quoted: boolean;
  stripTabs: boolean;
}

/** The here-document delimiter that starts at `text[i]` (after `<<` or `<<-`), and where it ends. */
function readDelimiter(text: string, i: number): { heredoc: Heredoc; end: number } | undefined {
  let j = i;
  let stripTabs = false;
  if (text[j] === '-') { stripTabs = true; j++; }
  while (text[j] === ' ' || text[j] === '\t') j++;
  let delimiter = '';
  let quoted = false;
  while (j < text.length && !/[\s;&|<>()]/.test(text[j])) {
    const ch = text[j];
    if (ch === "'" || ch === '"') {
      quoted = true;
      const close = text.indexOf(ch, j + 1);
      if (close < 0) return undefined;
      delimiter += text.slice(j + 1, close);
      j = close + 1;
      continue;
    }
    if (ch === '\\') { quoted = true; delimiter += text[j + 1] ?? ''; j += 2; continue; }
    delimiter += ch;
    j++;
  }
  return delimiter === '' ? undefined : { heredoc: { delimiter, quoted, stripTabs }, end: j };
}

const endsInContinuation = (line: string): boolean => /(^|[^\\])(\\\\)*\\$/.test(line);

/** Copies the here-document bodies that start at `pos` (just after a newline); returns the index after them. */
function copyBodies(text: string, start: number, pending: Heredoc[], out: string[]): number {
  let pos = start;
  for (const doc of pending) {
    while (pos < text.length) {
      let line = '';
      let newline = -1;
      for (;;) {
        newline = text.indexOf('\n', pos);
        const piece = text.slice(pos, newline < 0 ? text.length : newline);
        pos = newline < 0 ? text.length : newline + 1;
        // An unquoted body has its continuations joined too.
        if (!doc.quoted && newline >= 0 && endsInContinuation(piece)) { line += piece.slice(0, -1); continue; }
        line += piece;
        break;
      }
      out.push(line, newline < 0 ? '' : '\n');
      if ((doc.stripTabs ? line.replace(/^\t+/, '') : line) === doc.delimiter) break;
    }
  }
  return pos;
}

/** `text` with every line continuation bash would remove removed; quotes, comments and quoted here-documents kept. */
export function joinContinuations(text: string): string {
  if (!text.includes('\\\n')) return text;
  const out: string[] = [];
  const stack: Frame[] = ['plain'];
  const depth: number[] = [0];
  let pending: Heredoc[] = [];
  let atWordStart = true;
  let i = 0;
  while (i < text.length) {
    const frame = stack[stack.length - 1];
    const ch = text[i];
    if (ch === '\\') {
      if (text[i + 1] === '\n') { i += 2; continue; }
      out.push(text.slice(i, i + 2));
      i += 2;
      atWordStart = false;
      continue;
    }
    if (frame === 'double') {
      if (ch === '"') stack.pop();
      else if (ch === '$' && text[i + 1] === '(') { stack.push('subst'); depth.push(0); out.push('$('); i += 2; continue; }
      else if (ch === '`') stack.push('backtick');
      out.push(ch);
      i++;
      continue;
    }
    if (ch === "'" ) {
      const ansi = text[i - 1] === '$';
      let j = i + 1;
      while (j < text.length && text[j] !== "'") j += ansi && text[j] === '\\' ? 2 : 1;
      out.push(text.slice(i, j + 1));
      i = j + 1;
      atWordStart = false;
      continue;
    }
    if (ch === '"') { stack.push('double'); out.push(ch); i++; atWordStart = false; continue; }
    if (ch === '`') {
      if (frame === 'backtick') stack.pop();
      else stack.push('backtick');
      out.push(ch);
      i++;
      continue;
    }
    if (ch === '$' && text[i + 1] === '(') { stack.push('subst'); depth.push(0); out.push('$('); i += 2; atWordStart = true; continue; }
    if (frame === 'subst' && ch === '(') depth[depth.length - 1]++;
    if (frame === 'subst' && ch === ')') {
      if (depth[depth.length - 1] === 0) { stack.pop(); depth.pop(); out.push(ch); i++; continue; }
      depth[depth.length - 1]--;
    }
    if (ch === '#' && atWordStart) {
      const end = text.indexOf('\n', i);
      out.push(text.slice(i, end < 0 ? text.length : end));
      i = end < 0 ? text.length : end;
      continue;
    }
    if (ch === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
      const read = readDelimiter(text, i + 2);
      if (read) {
        pending.push(read.heredoc);
        out.push(text.slice(i, read.end));
        i = read.end;
        atWordStart = false;
        continue;
      }
    }
    if (ch === '\n' && pending.length > 0) {
      out.push('\n');
      i = copyBodies(text, i + 1, pending, out);
      pending = [];
      atWordStart = true;
      continue;
    }
    out.push(ch);
    atWordStart = /[\s;&|()<>]/.test(ch);
    i++;
  }
  return out.join('');
}
