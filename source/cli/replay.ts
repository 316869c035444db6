// --replay and --record wiring: the recording read (and its fixture copied to run in), the session's provider, the closing line.
import { createRequire } from 'node:module';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import type { CliArgs } from './args.js';
import { UsageError } from './args.js';
import type { ReinConfig } from '../config/index.js';
import { createProvider } from '../providers/index.js';
import type { Provider } from '../providers/types.js';
import { readRecording, RecordingError, type Recording } from '../replay/recording.js';
import { recordingProvider } from '../replay/recordingProvider.js';
import { relocateRecording, type Places } from '../replay/relocate.js';
import { replayProvider } from '../replay/replayProvider.js';

export interface OpenedReplay {
  file: string;
  recording: Recording;
  /** The temporary copy of the recording's fixture that rein now runs in. */
  copy?: string;
  /** The temporary folder holding the copy and the fresh home it runs with; removed on the way out. */
  scratch?: string;
  /** The fixture folder as the user would name it (relative to the current folder when inside it). */
  fixture?: string;
}

/**
 * Reads the recording; when it names a fixture folder, copies that into a fresh temporary folder and makes it the
 * current folder, before any configuration is read, with an empty HOME and $REIN_HOME beside it: the show runs as on
 * a fresh machine, so your own instructions, memory, MCP servers and hooks neither change its prompt nor are changed
 * by it. A bad recording or a missing fixture is one sentence.
 */
export function openReplay(file: string): OpenedReplay {
  let recording: Recording;
  try {
    recording = readRecording(file);
  } catch (error) {
    if (error instanceof RecordingError) throw new UsageError(error.message);
    throw error;
  }
  const fixtureName = recording.header.fixture;
  if (fixtureName === undefined) return { file, recording };
  const source = resolve(dirname(file), fixtureName);
  let isFolder = false;
  try {
    isFolder = statSync(source).isDirectory();
  } catch {
    // Missing: said below.
  }
  if (!isFolder) throw new UsageError(`The recording ${file} plays in its fixture folder ${source}, which is not there; keep the folder beside the recording.`);
  const shown = relative(resolve(), source);
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'rein-replay-')));
  const copy = join(scratch, 'work');
  cpSync(source, copy, { recursive: true });
  mkdirSync(join(scratch, 'home'));
  process.env.HOME = join(scratch, 'home');
  process.env.REIN_HOME = join(scratch, 'home', '.rein');
  process.chdir(copy);
  return { file, recording, copy, scratch, fixture: shown === '' || shown.startsWith('..') ? source : shown };
}

/** The recording as if made at `places` (this workspace and memory folders), so its paths and hashes fit here. */
export const relocated = (replay: OpenedReplay | undefined, places: Places): Recording | undefined =>
  replay && relocateRecording(replay.recording, places);

/** Removes the fixture copy and its home, session folder included: the show keeps nothing. */
export function removeCopy(replay: OpenedReplay): void {
  if (replay.scratch !== undefined) rmSync(replay.scratch, { recursive: true, force: true });
}

/** The closing line of a replay in a fixture copy: what was shown, and how to start a real session. */
export function replayLine(replay: OpenedReplay, started: string, recordedTools: boolean): string {
  const tools = recordedTools ? 'recorded tool results' : 'tools run for real';
  const start = started.replace(/\s+--$/, '');
  return `That was ${replay.file} replayed: recorded answers, ${tools}, in a copy of ${replay.fixture} (now removed). `
    + `Your own session: set ANTHROPIC_API_KEY (or a local model, see README.md) and run ${start}`;
}

/** The commit checked out in `cwd`, for a recording's facts; undefined outside git. */
function gitHeadOf(cwd: string): string | undefined {
  try {
    // node:child_process loads only for a recording, not at every start.
    const { execFileSync } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The model calls of the session: the configured provider, a recording replayed (--replay), either recorded (--record). */
export function sessionProvider(
  config: ReinConfig, args: CliArgs, key: { apiKey: string; keyHint: string }, recording: Recording | undefined, model: string, cwd: string, places: Places,
  baseUrlFrom?: string,
): Provider {
  const real = recording
    ? replayProvider(recording, args.replaySpeed, cwd, places)
    : createProvider({
      provider: config.provider, apiKey: key.apiKey, baseUrl: config.baseUrl, baseUrlFrom, maxRetries: config.maxRetries, keyHint: key.keyHint,
      requestTimeoutMs: config.requestTimeoutMs, streamIdleTimeoutMs: config.streamIdleTimeoutMs, thinking: config.thinking,
    });
  if (args.record === undefined) return real;
  return recordingProvider(real, args.record, { model, places, facts: { date: new Date().toISOString(), cwd, platform: process.platform, gitHead: gitHeadOf(cwd) } });
}
