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
  stopReading(stdin);
  const wasRaw = stdin.isTTY && stdin.isRaw;
  setRaw(stdin, false);
  return () => {
    if (wasRaw) setRaw(stdin, true);
    // 'readable' first: it keeps the stream paused, as it was, when the 'data' listeners come back.
    for (const listener of readable) stdin.on('readable', listener);
    for (const listener of data) stdin.on('data', listener);
  };
}

/**
 * A socket keeps reading its handle until a chunk finds no room, so the first line typed into the child would land
 * in rein's buffer; the handle is stopped now instead. Adding a 'readable' listener again starts it as usual.
 */
function stopReading(stdin: NodeJS.ReadStream): void {
  const handle = (stdin as unknown as { _handle?: { reading?: boolean; readStop?: () => number } })._handle;
  if (handle?.reading !== true || typeof handle.readStop !== 'function') return;
  handle.reading = false;
  handle.readStop();
}

function setRaw(stdin: NodeJS.ReadStream, raw: boolean): void {
  try {
    if (stdin.isTTY && typeof stdin.setRawMode === 'function') stdin.setRawMode(raw);
  } catch {
    // Input already closed: there is no mode to change.
  }
}
