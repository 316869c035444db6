// Ctrl+G: the prompt's text edited in the user's own editor ($VISUAL, else $EDITOR, else vi) while rein steps aside.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TerminalHandover } from './terminalHandover.js';


export type EditorOutcome = { kind: 'edited'; text: string } | { kind: 'failed'; message: string };

/** The editor command as a person set it (it may carry arguments, as in "code --wait"). */
export function editorCommand(env: NodeJS.ProcessEnv): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/**
 * Writes the text to a temp file, runs the editor on it with the terminal its own, and reads the file back.
 * The command runs through sh as git runs its editor, so "$EDITOR" may hold arguments.
 */
export async function editInEditor(text: string, handover: TerminalHandover, env: NodeJS.ProcessEnv = process.env): Promise<EditorOutcome> {
  const editor = editorCommand(env);
  const dir = mkdtempSync(join(tmpdir(), 'rein-prompt-'));
  const file = join(dir, 'prompt.md');
  writeFileSync(file, text);
  // Ctrl+G is handled inside Ink's read loop, whose next read() would start stdin reading again after the handover.
  await new Promise<void>((done) => setImmediate(done));
  const resume = handover.suspend();
  try {
    // Loaded here, not with the TUI: few sessions open an editor, and the first frame need not wait for execa.
    const { execa } = await import('execa');
    const result = await execa('sh', ['-c', `${editor} "$@"`, editor, file], { stdio: 'inherit', reject: false, env });
    if (result.failed) {
      const why = result.exitCode === 127 ? 'command not found' : result.exitCode !== undefined ? `exit code ${result.exitCode}` : result.shortMessage;
      return { kind: 'failed', message: `The editor "${editor}" did not finish (${why}); the prompt is unchanged. Set $VISUAL or $EDITOR to an editor that runs here.` };
    }
    // Editors end a file with a line break the person did not mean as part of the message.
    return { kind: 'edited', text: readFileSync(file, 'utf8').replace(/\r\n?/g, '\n').replace(/\n+$/, '') };
  } catch (error) {
    return { kind: 'failed', message: `The editor "${editor}" could not be run (${error instanceof Error ? error.message : String(error)}); the prompt is unchanged.` };
  } finally {
    resume();
    rmSync(dir, { recursive: true, force: true });
  }
}
