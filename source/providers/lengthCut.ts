// Which tool call of an answer the server's length limit cut off, so the calls written whole can still run.

/**
 * Whether streamed arguments are a whole JSON object. Only the strict form counts: a repair would close a cut-off
 * string or object and run the call with half its content (a file written to its middle).
 */
export function isWholeJsonObject(args: string): boolean {
  try {
    const value: unknown = JSON.parse(args);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * In an answer cut by the length limit, every call before the last was finished (the model moved on to the next);
 * the last one is cut unless its arguments are whole. Returns the index of the cut call, or -1.
 */
export function cutCallIndex(calls: ReadonlyArray<{ args: string }>, cutByLength: boolean): number {
  if (!cutByLength || calls.length === 0) return -1;
  const last = calls.length - 1;
  return isWholeJsonObject(calls[last].args) ? -1 : last;
}
