// Parses config text as JSONC (JSON with comments and trailing commas, as VS Code's settings are) and reports
// the first problem with a line and a column.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

export interface JsonSyntaxProblem {
  /** "Unexpected character }", "Unexpected end of input (expected })", ... */
  problem: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

/** Plain words for jsonc-parser's error codes; the token found is added where it helps. */
const problemWords: Record<string, string> = {
  InvalidSymbol: 'Unexpected character',
  InvalidNumberFormat: 'Bad number',
  PropertyNameExpected: 'Expected a "quoted" key',
  ValueExpected: 'Expected a value',
  ColonExpected: 'Expected :',
  CommaExpected: 'Expected a comma',
  CloseBraceExpected: 'Expected }',
  CloseBracketExpected: 'Expected ]',
  EndOfFileExpected: 'Unexpected text after the end',
  InvalidCommentToken: 'Bad comment',
  UnexpectedEndOfComment: 'Unterminated comment',
  UnexpectedEndOfString: 'Unterminated string',
  UnexpectedEndOfNumber: 'Bad number',
  InvalidUnicode: 'Bad \\u escape in string',
  InvalidEscapeCharacter: 'Bad escape in string',
  InvalidCharacter: 'Bad control character in string (escape it or close the string)',
};

function lineAndColumn(text: string, pos: number): { line: number; column: number } {
  const before = text.slice(0, pos);
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: pos - lastBreak };
}

function describeProblem(text: string, error: ParseError): string {
  const code = printParseErrorCode(error.error);
  const words = problemWords[code] ?? code;
  if (error.offset >= text.length) return `Unexpected end of input (${words.charAt(0).toLowerCase()}${words.slice(1)})`;
  const found = text.slice(error.offset, error.offset + Math.max(1, Math.min(error.length, 20)));
  if (found.startsWith("'")) return `${words} ' (strings and keys take "double quotes")`;
  if (code === 'InvalidSymbol' || code === 'EndOfFileExpected') return `${words} ${found}`;
  if (code.endsWith('Expected')) return `${words}, found ${found}`;
  return words;
}

function strip(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Parses JSONC; a leading byte-order mark is ignored. Any problem fails the whole parse (no partial values). */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: JsonSyntaxProblem } {
  const body = strip(text);
  const errors: ParseError[] = [];
  const value: unknown = parse(body, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  if (errors.length === 0) return { ok: true, value };
  const first = errors[0];
  return { ok: false, problem: { problem: describeProblem(body, first), ...lineAndColumn(body, first.offset) } };
}
