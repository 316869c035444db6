// Deterministic, ASCII-only text for the render bench: markdown answers, user prompts, file contents and tool output.

/** A small seeded generator (mulberry32), so every bench run streams and stores the same bytes. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (
  'the render loop writes only rows that changed since the last frame so a long answer costs little while it streams ' +
  'session log state store reducer event batch frame terminal cursor scroll region viewport transcript markdown ' +
  'parser token budget request history tool call result approval prompt input width height layout cache memory ' +
  'module function value buffer stream handler queue timer signal process config provider model message'
).split(' ');

const identifiers = ['frameWriter', 'applyEvent', 'layoutLines', 'sessionLog', 'tokenCounter', 'viewport', 'bridge', 'planFrame'];

export class ContentMaker {
  private readonly random: () => number;

  constructor(seed: number) {
    this.random = seededRandom(seed);
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  between(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  sentence(minWords = 6, maxWords = 16): string {
    const n = this.between(minWords, maxWords);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(this.random() < 0.08 ? `\`${this.pick(identifiers)}\`` : this.pick(words));
    const text = parts.join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  }

  paragraph(sentences = this.between(2, 5)): string {
    return Array.from({ length: sentences }, () => this.sentence()).join(' ');
  }

  codeBlock(lines = this.between(4, 12)): string {
    const name = this.pick(identifiers);
    const body = [`export function ${name}(input: string, limit = ${this.between(2, 80)}): string[] {`];
    for (let i = 0; i < lines - 2; i++) {
      const indent = '  '.repeat(1 + (i % 3 === 2 ? 1 : 0));
      body.push(`${indent}const ${this.pick(words)}${i} = input.slice(${i}, limit).split('${this.pick(['\\n', ',', ' '])}');`);
    }
    body.push('}');
    return `\`\`\`ts\n${body.join('\n')}\n\`\`\``;
  }

  list(items = this.between(3, 6), ordered = this.random() < 0.4): string {
    return Array.from({ length: items }, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${this.sentence(4, 12)}`).join('\n');
  }

  /** A markdown answer of about `targetChars` characters: headings, paragraphs, lists and fenced code. */
  markdown(targetChars: number): string {
    const blocks: string[] = [];
    let size = 0;
    let section = 0;
    while (size < targetChars) {
      let block: string;
      const roll = this.random();
      if (blocks.length === 0 || roll < 0.12) block = `${section++ === 0 ? '#' : '##'} ${this.sentence(2, 5).slice(0, -1)}`;
      else if (roll < 0.45) block = this.paragraph();
      else if (roll < 0.7) block = this.list();
      else if (roll < 0.85) block = this.codeBlock();
      else block = `**${this.sentence(2, 4).slice(0, -1)}**: ${this.sentence()}`;
      blocks.push(block);
      size += block.length + 2;
    }
    const text = blocks.join('\n\n');
    // Cut at a block boundary near the target so fences are never left open.
    return text.length <= targetChars * 1.1 ? text : text.slice(0, text.lastIndexOf('\n\n', targetChars * 1.1)).trimEnd();
  }

  /** Lines of a source file, numbered like read_file output. */
  fileListing(lines: number): string {
    return Array.from({ length: lines }, (_, i) => `${String(i + 1).padStart(6)}\t${i % 7 === 0 ? '' : '  '}const ${this.pick(words)}${i} = ${this.pick(identifiers)}(${this.between(0, 99)});`).join('\n');
  }

  prompt(): string {
    return this.sentence(6, 20).replace(/\.$/, this.random() < 0.5 ? '?' : '.');
  }
}

/** The streamed answer: exactly `chars` characters of markdown (12 KB by default). */
export function streamedAnswer(chars = 12 * 1024, seed = 2026): string {
  const text = new ContentMaker(seed).markdown(chars * 1.2);
  const cut = text.lastIndexOf('\n\n', chars - 160);
  // Pad the last paragraph so the answer is exactly `chars` long and ends outside a code fence.
  const head = text.slice(0, cut);
  const filler = new ContentMaker(seed + 1);
  let tail = '\n\nIn short:';
  while (head.length + tail.length < chars) tail += ` ${filler.pick(words)}`;
  return (head + tail).slice(0, chars - 1) + '.';
}
