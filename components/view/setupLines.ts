// The no-key setup screen as rows: what is missing and every way in, wrapped with its indent kept; the same rows are
// printed to the normal screen when the setup screen closes, so what it said stays readable.
import stringWidth from './cellWidth.js';
import { paint, wrapText } from './style.js';

/** Every way to a working session, named on the screen a first-time user sees. */
const waysIn: ReadonlyArray<readonly [string, string]> = [
  ['export ANTHROPIC_API_KEY=…', 'Anthropic (Claude)'],
  ['export OPENAI_API_KEY=…', 'OpenAI or any OpenAI-compatible service'],
  ['export DEEPSEEK_API_KEY=…', 'DeepSeek'],
  ['rein --provider openai --base-url http://localhost:11434/v1 --model <name>', 'a local server (Ollama, vLLM…): no key needed'],
];

/** Columns the screen keeps free on each side. */
const setupMargin = 2;

/**
 * The rows for `width` columns (margins included). `onScreen`: the rows the screen shows, with how to quit; else
 * the rows printed once it has closed.
 */
export function setupLines(message: string, width: number, onScreen: boolean): string[] {
  const margin = ' '.repeat(setupMargin);
  const inner = Math.max(8, width - 2 * setupMargin);
  const rows: string[] = [paint(['bold', 'yellow'], 'rein needs setting up'), '', ...wrapText(message, inner), '', 'Any one of these gets you in:'];
  for (const [how, what] of waysIn) {
    if (stringWidth(`  ${how}  ${what}`) <= inner) {
      rows.push(`  ${paint('bold', how)}  ${what}`);
      continue;
    }
    // A way too long for one row goes on in the rows below, indented under its start, with its note after it.
    const command = stringWidth(how) + 2 <= inner ? [how] : wrapText(how, inner - 4);
    rows.push(...command.map((row, i) => (i === 0 ? '  ' : '    ') + paint('bold', row.trimEnd())));
    rows.push(...wrapText(what, inner - 4).map((row) => `    ${row.trimEnd()}`));
  }
  rows.push('', ...wrapText(onScreen ? 'Then start rein again. Press q, Enter or Esc to quit.' : 'Then start rein again.', inner).map((row) => paint('dim', row.trimEnd())));
  return rows.map((row) => (row === '' ? row : margin + row.replace(/ +$/, '')));
}
