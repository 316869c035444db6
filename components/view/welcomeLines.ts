// The welcome box at the top of a new session: version, model, working directory and three tips, in a rounded frame.
import cliTruncate from './cellTruncate.js';
import type { WelcomeItem } from '../../source/store/state.js';
import cellWidth from './cellWidth.js';
import { paint, sanitize } from './style.js';

/** Each names a key or command that does what it says (see hooks/keymap.ts and the slash commands). */
export const welcomeTips: readonly string[] = [
  '/help lists the commands and keys',
  'Shift+Tab changes the permission mode',
  'Esc stops the running task · Ctrl+O expands output',
];

/** `cwd` with the home directory written as ~. */
export function homeRelative(cwd: string, home: string): string {
  if (!home || home === '/') return cwd;
  if (cwd === home) return '~';
  return cwd.startsWith(`${home}/`) ? `~${cwd.slice(home.length)}` : cwd;
}

/** The widest the box gets; a narrower terminal cuts its rows. */
const maxInner = 72;

export function welcomeToLines(item: WelcomeItem, width: number): string[] {
  const rows: Array<[string, Parameters<typeof paint>[0] | undefined]> = [
    [`✻ rein ${sanitize(item.version)}`, 'bold'],
    ['', undefined],
    [`  model: ${sanitize(item.model)} (${sanitize(item.provider)})`, undefined],
    [`  cwd:   ${sanitize(item.cwd)}`, undefined],
    ['', undefined],
    ...welcomeTips.map((tip): [string, 'dim'] => [`  ${tip}`, 'dim']),
  ];
  // Two columns of border and one of padding on each side.
  const inner = Math.max(1, Math.min(maxInner, width - 4, Math.max(...rows.map(([text]) => cellWidth(text)))));
  const frame = (text: string) => paint('dim', text);
  const out = [frame(`╭${'─'.repeat(inner + 2)}╮`)];
  for (const [text, style] of rows) {
    const cut = cellWidth(text) > inner ? cliTruncate(text, inner, { position: 'end' }) : text;
    const pad = ' '.repeat(Math.max(0, inner - cellWidth(cut)));
    out.push(`${frame('│')} ${style ? paint(style, cut) : cut}${pad} ${frame('│')}`);
  }
  out.push(frame(`╰${'─'.repeat(inner + 2)}╯`));
  return out;
}
