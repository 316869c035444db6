// Lets a child process read the keyboard: rein stops reading the terminal and leaves raw mode until it is given back.

/**
 * Takes Ink's input listeners off stdin and turns raw mode off, so the terminal's bytes go to the child (a terminal's
 * stdin reads nothing ahead once no one asks for it). The function returned puts both back as they were.
 */
export function handOver(stdin: NodeJS.ReadStream): () => void {
  // 'data' listeners too (the idle collector watches keys): one left behind would set the stream flowing and keep reading.
  const readable = stdin.listeners('readable') as Array<(...args: unknown[]) => void>;
  const data = stdin.listeners('data') as Array<(...args: unknown[]) => void>;
  for (const listener of data) stdin.off('data', listener);
  for (const listener of readable) stdin.off('readable', listener);
  const stopped = stopReading(stdin);
  const wasRaw = stdin.isTTY && stdin.isRaw;
  setRaw(stdin, false);
  return () => {
    if (wasRaw) setRaw(stdin, true);
    // The stream still waits for the read it asked for, so it would never ask again: the handle is started here.
    if (stopped) {
      stopped.reading = true;
      stopped.readStart?.();
    }
    // 'readable' first: it keeps the stream paused, as it was, when the 'data' listeners come back.
    for (const listener of readable) stdin.on('readable', listener);
    for (const listener of data) stdin.on('data', listener);
  };
}

interface StreamHandle {
  reading?: boolean;
  readStop?: () => number;
  readStart?: () => number;
}

/**
 * A socket keeps reading its handle until a chunk finds no room, so the first line typed into the child would land
 * in rein's buffer; the handle is stopped now instead. Returns the handle when it was reading, to be started again.
 */
function stopReading(stdin: NodeJS.ReadStream): StreamHandle | undefined {
  const handle = (stdin as unknown as { _handle?: StreamHandle })._handle;
  if (handle?.reading !== true || typeof handle.readStop !== 'function') return undefined;
  handle.reading = false;
  handle.readStop();
  return handle;
}

function setRaw(stdin: NodeJS.ReadStream, raw: boolean): void {
  try {
    if (stdin.isTTY && typeof stdin.setRawMode === 'function') stdin.setRawMode(raw);
  } catch {
    // Input already closed: there is no mode to change.
  }
}
