// wrap-ansi's hard wrap ({ hard: true, trim: false }) for a line of printable ASCII, where it is pure word
// arithmetic: wrap-ansi then spends its time on what plain text does not need (Unicode normalisation, a width
// measurement per word, a pass over every character for escape codes). A streamed answer's growing last line
// is wrapped again at every frame. __tests__/components/plainWrap.test.ts checks it against wrap-ansi.

/** Whether `line` is printable ASCII only (every character one cell wide, no escapes, nothing to normalise). */
export const isPlainAscii = (line: string): boolean => /^[\x20-\x7e]*$/.test(line);

/** Splits a word longer than a row across rows, as wrap-ansi's wrapWord does for one-cell characters. */
function wrapWord(rows: string[], word: string, columns: number): void {
  let visible = rows[rows.length - 1].length;
  for (let i = 0; i < word.length; i++) {
    if (visible + 1 <= columns) rows[rows.length - 1] += word[i];
    else {
      rows.push(word[i]);
      visible = 0;
    }
    visible += 1;
    if (visible === columns && i < word.length - 1) {
      rows.push('');
      visible = 0;
    }
  }
}

/** The rows wrap-ansi(line, columns, { hard: true, trim: false }) gives for a printable-ASCII `line`. */
export function wrapPlainAscii(line: string, columns: number): string[] {
  const rows = [''];
  const words = line.split(' ');
  for (let index = 0; index < words.length; index++) {
    const word = words[index];
    let rowLength = rows[rows.length - 1].length;
    if (index !== 0) {
      if (rowLength >= columns) {
        rows.push('');
        rowLength = 0;
      }
      rows[rows.length - 1] += ' ';
      rowLength++;
    }
    if (word.length > columns) {
      const remaining = columns - rowLength;
      const breaksStartingThisLine = 1 + Math.floor((word.length - remaining - 1) / columns);
      const breaksStartingNextLine = Math.floor((word.length - 1) / columns);
      if (breaksStartingNextLine < breaksStartingThisLine) rows.push('');
      wrapWord(rows, word, columns);
      continue;
    }
    if (rowLength + word.length > columns && rowLength > 0 && word.length > 0) rows.push('');
    rows[rows.length - 1] += word;
  }
  return rows;
}
