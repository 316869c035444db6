// Random but seeded things a model and its tools write: markdown, code, tables, wide characters, emoji, tabs,
// very long words and text that looks like (or is) terminal control sequences.

/** mulberry32: a small seeded generator, so a seed always gives the same run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Dice {
  constructor(readonly random: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
}

const plainWords = 'the frame writer sends only rows that changed while an answer streams into a small terminal window and every resize repaints what is shown'.split(' ');
const oddWords = [
  '`planFrame`', '**bold**', '_slanted_', '漢字の幅', '한국어', 'ｗｉｄｅ', '🙂', '👍🏽', '👨‍👩‍👧', '🇩🇪', 'e\u0301', 'naïve', '→', '✓',
  'tab\there', '\x1b[31mred\x1b[0m', '^[[2J', '\\x1b[0m', 'C:\\path\\file', '<br>', '&amp;', '|pipe|',
];

function word(d: Dice): string {
  if (d.chance(0.04)) return 'x'.repeat(d.int(30, 260));
  if (d.chance(0.02)) return `https://example.invalid/${'segment/'.repeat(d.int(3, 20))}`;
  return d.chance(0.15) ? d.pick(oddWords) : d.pick(plainWords);
}

function sentence(d: Dice, min = 3, max = 24): string {
  return Array.from({ length: d.int(min, max) }, () => word(d)).join(' ');
}

function table(d: Dice): string {
  const columns = d.int(2, 9);
  const cell = (): string => (d.chance(0.3) ? sentence(d, 1, 8) : word(d));
  const row = (): string => `| ${Array.from({ length: columns }, cell).join(' | ')} |`;
  return [row(), `|${Array.from({ length: columns }, () => d.pick(['---', ':--', '--:', ':-:'])).join('|')}|`, ...Array.from({ length: d.int(1, 6) }, row)].join('\n');
}

function code(d: Dice): string {
  const lines = Array.from({ length: d.int(1, 12) }, () => `${d.chance(0.4) ? '\t' : '    '.repeat(d.int(0, 3))}${sentence(d, 1, 10)}`);
  return `\`\`\`${d.pick(['ts', 'go', 'make', '', 'python'])}\n${lines.join('\n')}\n\`\`\``;
}

function block(d: Dice): string {
  switch (d.int(0, 9)) {
    case 0:
      return `${'#'.repeat(d.int(1, 4))} ${sentence(d, 1, 8)}`;
    case 1:
      return Array.from({ length: d.int(1, 5) }, () => `${d.pick(['-', '*', '1.'])} ${sentence(d, 1, 14)}`).join('\n');
    case 2:
      return `> ${sentence(d)}${d.chance(0.5) ? `\n> ${sentence(d)}` : ''}`;
    case 3:
      return code(d);
    case 4:
      return table(d);
    case 5:
      return Array.from({ length: d.int(1, 4) }, () => Array.from({ length: d.int(2, 5) }, () => word(d)).join('\t')).join('\n');
    default:
      return sentence(d, 4, 60);
  }
}

/** A model's answer: blocks of markdown separated by blank lines. */
export function answer(d: Dice): string {
  return Array.from({ length: d.int(1, 8) }, () => block(d)).join('\n\n') + (d.chance(0.7) ? '\n' : '');
}

/** What a tool prints: plain lines, tabs, colour codes, cursor moves, carriage-return progress, very long lines. */
export function toolOutput(d: Dice): string {
  const line = (): string => {
    switch (d.int(0, 6)) {
      case 0:
        return `\x1b[32m✓\x1b[0m ${sentence(d, 1, 6)}`;
      case 1:
        return `${word(d)}\t${word(d)}\t${d.int(0, 99999)}`;
      case 2:
        return `progress 10%\rprogress 50%\r\x1b[2Kprogress 100%`;
      case 3:
        return `\x1b[1A\x1b[2J${sentence(d, 1, 5)}\x1b[H`;
      case 4:
        return 'y'.repeat(d.int(50, 400));
      default:
        return sentence(d, 1, 12);
    }
  };
  return Array.from({ length: d.int(0, 40) }, line).join('\n');
}

/** Splits text into random chunks, as a stream delivers it (sometimes mid-character for joined emoji). */
export function chunks(d: Dice, text: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = at + (d.chance(0.1) ? d.int(20, 200) : d.int(1, 12));
    // A stream carries whole code points (its JSON strings decode whole): never half a surrogate pair.
    if (/[\udc00-\udfff]/.test(text[end] ?? '')) end++;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}
