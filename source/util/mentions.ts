// Finds `@path` mentions in markdown, outside code spans and fenced code blocks (Claude Code's rule for imports).

export interface Mention {
  /** The path as written, without the `@` and trailing punctuation. */
  path: string;
  /** Offset of the `@` in the text. */
  index: number;
}

/** Blanks out inline code spans (`x`, ``x``) so nothing inside them is read as a mention; offsets are kept. */
function blankCodeSpans(line: string): string {
  return line.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (span) => ' '.repeat(span.length));
}

/** An `@word` is a path when it looks like one: it has a slash or a dot, or starts with `~/`. */
const looksLikePath = (word: string): boolean => word.includes('/') || word.includes('.');

export interface MentionOptions {
  /**
   * A user's prompt: `@"a path with spaces"` counts, and so does any word (`@Makefile`, `@docs`), since only
   * what exists is attached. In files (imports, command templates) a mention must look like a path.
   */
  prompt?: boolean;
}

/** Every `@path` at the start of the text or after whitespace, outside code, in order. */
export function findMentions(text: string, options: MentionOptions = {}): Mention[] {
  const pattern = options.prompt ? /(^|\s)@(?:"([^"\n]+)"|([^\s`"]+))/g : /(^|\s)@()([^\s`]+)/g;
  const mentions: Mention[] = [];
  let fence: string | undefined;
  let offset = 0;
  for (const line of text.split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
    } else if (fence === undefined) {
      for (const match of blankCodeSpans(line).matchAll(pattern)) {
        const quoted = match[2] || undefined;
        const path = quoted ?? match[3].replace(/[.,;:!?)\]}'"]+$/, '');
        if (path && (options.prompt || looksLikePath(path))) mentions.push({ path, index: offset + (match.index ?? 0) + match[1].length });
      }
    }
    offset += line.length + 1;
  }
  return mentions;
}
