// Holds back writes to stdout/stderr made outside the renderer while full screen (warnings, console calls), to print once the terminal is restored.
import { format } from 'node:util';

type Write = NodeJS.WriteStream['write'];
type ConsoleMethod = 'log' | 'info' | 'debug' | 'warn' | 'error' | 'trace';

const consoleMethods: ConsoleMethod[] = ['log', 'info', 'debug', 'warn', 'error', 'trace'];
const toStderr = new Set<ConsoleMethod>(['warn', 'error', 'trace']);

export interface HeldOutput {
  stdout: string;
  stderr: string;
}

function chunkText(chunk: unknown): string {
  if (typeof chunk === 'string') return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk).toString('utf8');
  return String(chunk);
}

/**
 * Replaces process.stdout.write, process.stderr.write and the console methods with ones that keep the text.
 * Call the returned function to put the originals back; it returns what was held, in order per stream.
 */
export function holdStrayOutput(): () => HeldOutput {
  const held: HeldOutput = { stdout: '', stderr: '' };
  const originals = new Map<ConsoleMethod, (...args: unknown[]) => void>();
  const patchWrite = (stream: NodeJS.WriteStream, key: keyof HeldOutput): Write => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- put back on this same stream on release, never called apart
    const original = stream.write;
    const holding = (chunk: unknown, encodingOrCallback?: unknown, callback?: unknown): boolean => {
      held[key] += chunkText(chunk);
      const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
      if (typeof done === 'function') process.nextTick(() => (done as () => void)());
      return true;
    };
    stream.write = holding;
    return original;
  };
  const stdoutWrite = patchWrite(process.stdout, 'stdout');
  const stderrWrite = patchWrite(process.stderr, 'stderr');
  for (const method of consoleMethods) {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- put back on console on release, never called apart
    originals.set(method, console[method]);
    const key: keyof HeldOutput = toStderr.has(method) ? 'stderr' : 'stdout';
    console[method] = (...args: unknown[]) => {
      held[key] += `${format(...args)}\n`;
    };
  }
  let released = false;
  return () => {
    if (!released) {
      released = true;
      process.stdout.write = stdoutWrite;
      process.stderr.write = stderrWrite;
      for (const [method, original] of originals) console[method] = original;
    }
    const out = { ...held };
    held.stdout = '';
    held.stderr = '';
    return out;
  };
}
