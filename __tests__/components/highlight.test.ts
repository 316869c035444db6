// highlight.ts gives exactly cli-highlight's output (same highlight.js call, same theme) without its HTML parser.
import chalk from 'chalk';
import { highlight as cliHighlight } from 'cli-highlight';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { highlight } from '../../components/view/highlight.js';

const samples: Array<{ language?: string; code: string }> = [
  { language: 'ts', code: "export function pick<T>(items: T[], limit = 3): T[] {\n  // first few\n  return items.slice(0, limit).filter((x) => x !== null && `${x}` !== '<none>');\n}" },
  { language: 'python', code: 'import re\n\n@cache\ndef parse(text: str) -> list[str]:\n    """Split & trim."""\n    return [p.strip() for p in re.split(r"[,;]", text) if p]\n' },
  { language: 'bash', code: 'for f in *.log; do\n  grep -c "error" "$f" > /dev/null && echo "$f: $(wc -l < "$f")"\ndone' },
  { language: 'json', code: '{ "name": "rein", "count": 3, "ok": true, "none": null, "nested": { "a": [1, 2.5e3] } }' },
  { language: 'html', code: '<!doctype html>\n<html><head><style>body { color: red; }</style><script>const a = 1 < 2 && "x";</script></head>\n<body class="x" data-id=\'7\'>Tom &amp; Jerry</body></html>' },
  { language: 'markdown', code: '# Title\n\nSome *emphasis*, `code` and a [link](http://example.test).\n\n```js\nlet x = 1;\n```' },
  { language: 'diff', code: '--- a/x.ts\n+++ b/x.ts\n@@ -1,2 +1,2 @@\n-const a = 1;\n+const a = 2;\n unchanged' },
  { language: 'sql', code: "SELECT id, name FROM users WHERE name LIKE 'a%' AND id > 10 ORDER BY id DESC;" },
  { language: 'rust', code: 'fn main() {\n    let v: Vec<u8> = vec![1, 2];\n    println!("{:?} — ünïcödé 日本", v);\n}' },
  { language: 'go', code: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("tab\\tsep")\n}' },
  { code: 'def auto_detected(x):\n    return x * 2\n' },
  { code: '<div class="a">auto & detected</div>' },
  { language: 'ts', code: 'const weird = "quotes \' \\" & < > &amp; &lt;";\r\nconst crlf = 1;' },
  { language: 'ts', code: 'const nul = "a\0b";\rconst cr = 2;' },
  { language: 'ts', code: '' },
];

describe('highlight', () => {
  let level: typeof chalk.level;
  beforeAll(() => {
    level = chalk.level;
    chalk.level = 2;
  });
  afterAll(() => {
    chalk.level = level;
  });

  it.each(samples.map((s, i) => ({ ...s, name: `${i}: ${s.language ?? 'auto'}` })))('matches cli-highlight: $name', ({ language, code }) => {
    const options = { language, ignoreIllegals: true };
    const ours = highlight(code, options);
    expect(ours).toBe(cliHighlight(code, options));
    // Real colours came out, so the comparison is not between two plain copies.
    if (code.trim() !== '') expect(ours).toContain('\x1b[');
  });

  it('matches cli-highlight with a theme of its own and with an auto-detection subset', () => {
    const theme = { keyword: chalk.magenta, string: chalk.underline, default: chalk.dim };
    const code = 'if (ok) { return "yes"; }';
    expect(highlight(code, { language: 'js', theme })).toBe(cliHighlight(code, { language: 'js', theme }));
    expect(highlight(code, { languageSubset: ['js', 'python'] })).toBe(cliHighlight(code, { languageSubset: ['js', 'python'] }));
  });

  it('throws for an unknown language, as cli-highlight does (marked-terminal then shows the code plainly)', () => {
    expect(() => cliHighlight('x', { language: 'no-such-language' })).toThrow();
    expect(() => highlight('x', { language: 'no-such-language' })).toThrow();
  });
});
