// Checks a recorded terminal byte stream for frame hygiene: synchronized-output pairs, stray bytes and full-screen clears.

const ESC = '\x1b[';
export const syncBegin = `${ESC}?2026h`;
export const syncEnd = `${ESC}?2026l`;
export const clearScreen = `${ESC}2J`;
const altScreenEnter = `${ESC}?1049h`;
const altScreenLeave = `${ESC}?1049l`;

export interface FrameReport {
  /** `?2026h` count. */
  begins: number;
  /** `?2026l` count. */
  ends: number;
  /** Pairs that opened inside an open pair, or closed with none open. */
  unbalanced: number;
  /** Bytes written outside any pair, the alternate-screen enter and leave sequences excepted. */
  strayBytes: number;
  /** The first few stray runs, escaped, for the report. */
  strayExamples: string[];
  /** `\x1b[2J` counts inside the first frame and after it. */
  clearsInFirstFrame: number;
  clearsAfterFirstFrame: number;
}

const count = (text: string, needle: string): number => text.split(needle).length - 1;

/**
 * The enter and leave sequences are the alternate-screen switch plus the terminal modes rein sets
 * around it (cursor, autowrap, style, scroll region): escape sequences only, never printable text.
 */
function isModeSwitch(stray: string): boolean {
  const withoutSequences = stray.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
  return withoutSequences === '' && (stray.includes(altScreenEnter) || stray.includes(altScreenLeave));
}

/** Analyses everything rein wrote up to and including leaving the alternate screen (later bytes belong to the main screen). */
export function analyseFrames(output: string): FrameReport {
  const leave = output.indexOf(altScreenLeave);
  const text = leave >= 0 ? output.slice(0, leave + altScreenLeave.length) : output;
  const report: FrameReport = {
    begins: count(text, syncBegin), ends: count(text, syncEnd), unbalanced: 0, strayBytes: 0, strayExamples: [],
    clearsInFirstFrame: 0, clearsAfterFirstFrame: 0,
  };
  let pos = 0;
  let frames = 0;
  while (pos < text.length) {
    const begin = text.indexOf(syncBegin, pos);
    const outside = text.slice(pos, begin < 0 ? text.length : begin);
    if (outside.includes(syncEnd)) report.unbalanced += count(outside, syncEnd);
    if (outside !== '' && !isModeSwitch(outside)) {
      report.strayBytes += Buffer.byteLength(outside);
      if (report.strayExamples.length < 3) report.strayExamples.push(JSON.stringify(outside.slice(0, 80)));
    }
    if (begin < 0) break;
    const end = text.indexOf(syncEnd, begin + syncBegin.length);
    const frame = text.slice(begin + syncBegin.length, end < 0 ? text.length : end);
    if (frame.includes(syncBegin)) report.unbalanced += count(frame, syncBegin);
    const clears = count(frame, clearScreen);
    if (frames === 0) report.clearsInFirstFrame = clears;
    else report.clearsAfterFirstFrame += clears;
    frames += 1;
    if (end < 0) {
      report.unbalanced += 1;
      break;
    }
    pos = end + syncEnd.length;
  }
  return report;
}

/** True when every frame is wrapped and nothing but the mode switches was written outside a frame. */
export const allFramesWrapped = (r: FrameReport): boolean => r.begins === r.ends && r.unbalanced === 0 && r.strayBytes === 0;
