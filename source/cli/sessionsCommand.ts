// `rein sessions list | export <id> --format md [--output file]`: saved sessions without opening one.
import { parseArgs } from 'node:util';
import { UsageError } from './args.js';
import { writeFileAtomicSync } from '../util/atomicWrite.js';
import { exportMarkdown } from '../sessionLog/exportMarkdown.js';
import { recordingFromLog } from '../replay/fromSessionLog.js';
import { redactSecrets } from '../util/redact.js';
import { findSession, listSessions } from '../sessionLog/listSessions.js';
import { loadSession } from '../sessionLog/loadSession.js';

export const sessionsHelpText = `rein sessions — saved sessions of this directory

Usage:
  rein sessions list                           recent sessions started in this directory, newest first
  rein sessions export <id> --format md        the conversation as Markdown on standard output
  rein sessions export <id> --format md --output <file>   … written to a file
  rein sessions export <id> --record <file>   the session as a recording for rein --replay, as far as the log allows

A unique prefix of the id is enough.`;

export interface SessionsCommandIo {
  sessionsDir: string;
  cwd: string;
  write(text: string): void;
}

export function runSessionsCommand(argv: string[], io: SessionsCommandIo): number {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    io.write(`${sessionsHelpText}\n`);
    return sub === undefined ? 2 : 0;
  }
  if (sub === 'list') {
    const sessions = listSessions(io.sessionsDir, { cwd: io.cwd, limit: 20 });
    if (sessions.length === 0) io.write('No saved sessions in this directory.\n');
    for (const s of sessions) {
      // A name given with /rename comes first; the first message follows it.
      const prompt = s.firstPrompt.replace(/\s+/g, ' ');
      const text = s.name === undefined ? prompt.slice(0, 60) : `${s.name} · ${prompt}`.slice(0, 80);
      io.write(`${s.sessionId}  ${s.updatedAt.replace('T', ' ').slice(0, 16)}  ${text}\n`);
    }
    return 0;
  }
  if (sub !== 'export') throw new UsageError(`Unknown sessions command "${sub}"; use rein sessions list or rein sessions export <id> --format md.`);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, strict: true, options: { format: { type: 'string' }, output: { type: 'string', short: 'o' }, record: { type: 'string' } } });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/\.$/, '')}; run rein sessions --help.`);
  }
  const [id, ...extra] = parsed.positionals;
  if (id === undefined || extra.length > 0) throw new UsageError('Give one session id: rein sessions export <id> --format md (rein sessions list shows them).');
  const format = parsed.values.format ?? 'md';
  if (format !== 'md') throw new UsageError(`--format must be md (got "${format}").`);
  if (parsed.values.record !== undefined && (parsed.values.output !== undefined || parsed.values.format !== undefined)) {
    throw new UsageError('Use either --record <file> or --format md [--output <file>], not both.');
  }
  const summary = findSession(io.sessionsDir, id, { countMessages: false });
  if (!summary) throw new UsageError(`No saved session matches "${id}"; rein sessions list shows the sessions of this directory.`);
  const loaded = loadSession(summary.file, { maxEvents: Number.POSITIVE_INFINITY });
  if (parsed.values.record !== undefined) {
    const lines = recordingFromLog(loaded.meta, loaded.events);
    writeFileAtomicSync(parsed.values.record, lines.map((line) => `${redactSecrets(JSON.stringify(line))}\n`).join(''));
    const calls = lines.filter((line) => line.type === 'request').length;
    io.write(`Wrote ${parsed.values.record}: ${calls} model ${calls === 1 ? 'call' : 'calls'} of session ${loaded.meta.sessionId}. The log keeps answers whole, so the replay has no timing and compares no requests.\n`);
    return 0;
  }
  const markdown = exportMarkdown(loaded.meta, loaded.events);
  if (parsed.values.output) {
    writeFileAtomicSync(parsed.values.output, markdown);
    io.write(`Exported session ${loaded.meta.sessionId} to ${parsed.values.output}.\n`);
  } else io.write(markdown);
  return 0;
}
