// Parses JSON and, when it is broken, reports the problem with a line and column (Node 20's JSON.parse gives neither reliably).

export interface JsonSyntaxProblem {
  /** "Unexpected token }", "Unexpected end of input", ... */
  problem: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

class Fault {
  constructor(
    readonly pos: number,
    readonly problem: string,
  ) {}
}

/** A strict RFC 8259 scanner used only to find where JSON.parse gave up. */
class Scanner {
  pos = 0;
  constructor(private readonly text: string) {}

  run(): void {
    this.value();
    this.space();
    if (this.pos < this.text.length) throw this.unexpected();
  }

  private unexpected(hint = ''): Fault {
    if (this.pos >= this.text.length) return new Fault(this.pos, 'Unexpected end of input');
    return new Fault(this.pos, `Unexpected token ${this.text[this.pos]}${hint}`);
  }

  private space(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text[this.pos])) this.pos++;
  }

  private expect(ch: string, hint = ''): void {
    this.space();
    if (this.text[this.pos] !== ch) throw this.unexpected(hint);
    this.pos++;
  }

  private value(): void {
    this.space();
    const ch = this.text[this.pos];
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"') return this.string();
    if (ch === '-' || (ch >= '0' && ch <= '9')) return this.number();
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return;
      }
    }
    throw this.unexpected();
  }

  private object(): void {
    this.pos++;
    this.space();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return;
    }
    for (;;) {
      this.space();
      if (this.text[this.pos] !== '"') throw this.unexpected(this.text[this.pos] === '}' ? ' (trailing commas are not allowed)' : ' (expected a "quoted" key)');
      this.string();
      this.expect(':');
      this.value();
      this.space();
      if (this.text[this.pos] === ',') {
        this.pos++;
        continue;
      }
      this.expect('}', ' (expected , or })');
      return;
    }
  }

  private array(): void {
    this.pos++;
    this.space();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return;
    }
    for (;;) {
      this.space();
      if (this.text[this.pos] === ']') throw this.unexpected(' (trailing commas are not allowed)');
      this.value();
      this.space();
      if (this.text[this.pos] === ',') {
        this.pos++;
        continue;
      }
      this.expect(']', ' (expected , or ])');
      return;
    }
  }

  private string(): void {
    const start = this.pos;
    this.pos++;
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos];
      if (ch === '"') {
        this.pos++;
        return;
      }
      if (ch < ' ') throw new Fault(this.pos, 'Bad control character in string (escape it or close the string)');
      if (ch === '\\') {
        const next = this.text[this.pos + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos + 2, this.pos + 6))) throw new Fault(this.pos, 'Bad \\u escape in string');
          this.pos += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) throw new Fault(this.pos, 'Bad escape in string');
        this.pos += 2;
        continue;
      }
      this.pos++;
    }
    throw new Fault(start, 'Unterminated string');
  }

  private number(): void {
    const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(this.text.slice(this.pos));
    if (!match) throw new Fault(this.pos, 'Bad number');
    this.pos += match[0].length;
  }
}

function lineAndColumn(text: string, pos: number): { line: number; column: number } {
  const before = text.slice(0, pos);
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: pos - lastBreak };
}

/** Where `text` stops being valid JSON, or undefined when it parses. */
export function findJsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
  try {
    new Scanner(text).run();
    return undefined;
  } catch (err) {
    if (!(err instanceof Fault)) throw err;
    return { problem: err.problem, ...lineAndColumn(text, err.pos) };
  }
}

/** JSON.parse with a positioned problem on failure. A leading byte-order mark is ignored. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: JsonSyntaxProblem | string } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (err) {
    // If the scanner and V8 ever disagree, fall back to V8's own words.
    return { ok: false, problem: findJsonSyntaxProblem(body) ?? (err instanceof Error ? err.message : String(err)) };
  }
}
