// The parts of a session the entry point reads from flags and disk: the session --continue or --resume names, the
// system prompt flags, the git branch for the log's header, and the closing line naming the session.
import { existsSync, readFileSync } from 'node:fs';
import { UsageError, type CliArgs } from './args.js';
import { findSession, listSessions, loadSession, readGitBranch, resumeLoadOptions, sessionLogPath, type LoadedSession } from '../sessionLog/index.js';

/** The saved session that --continue or --resume names, loaded; undefined for a new session. */
export function findResumed(args: CliArgs, sessionsDir: string, cwd: string): LoadedSession | undefined {
  if (!args.continue && args.resume === undefined) return undefined;
  // Only the file is needed: counting prompts would read a long log once more before the first frame.
  const summary =
    args.resume !== undefined
      ? findSession(sessionsDir, args.resume, { countMessages: false })
      : listSessions(sessionsDir, { cwd, limit: 1, countMessages: false })[0];
  if (!summary) {
    throw new UsageError(args.resume !== undefined
      ? `No saved session matches "${args.resume}"; run rein and type /resume to list recent sessions.`
      : 'There is no earlier session in this directory to continue; start one with rein.');
  }
  return loadSession(summary.file, resumeLoadOptions);
}

/** --system-prompt, --system-prompt-file and --append-system-prompt, read once: the prefix stays byte-stable. */
export function systemPromptFlags(args: CliArgs): { replace?: string; append?: string } | undefined {
  let replace = args.systemPrompt;
  if (args.systemPromptFile !== undefined) {
    try {
      replace = readFileSync(args.systemPromptFile, 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read --system-prompt-file ${args.systemPromptFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; check the path.`);
    }
    if (replace.trim() === '') throw new UsageError(`--system-prompt-file ${args.systemPromptFile} is empty.`);
  }
  const append = args.appendSystemPrompt;
  if (replace === undefined && append === undefined) return undefined;
  return { replace: replace?.trim() || undefined, append: append?.trim() || undefined };
}

/** The branch for the log's header, so /resume can filter by it; nothing outside a repository. */
export function gitBranchOf(cwd: string): { gitBranch?: string } {
  const gitBranch = readGitBranch(cwd);
  return gitBranch === undefined ? {} : { gitBranch };
}

/**
 * The closing line naming the session and how to continue it; nothing while its log holds no prompt yet. The id is
 * read at the end: /resume may have switched to another session meanwhile.
 */
export function continueLine(sessionId: string, sessionsDir: string, started: string): string | undefined {
  return existsSync(sessionLogPath(sessionsDir, sessionId)) ? `Session ${sessionId} saved. Continue with: ${started} --resume ${sessionId}` : undefined;
}
