// A signal for one model call, aborted with its run: the SDKs attach listeners to the signal they are given, and a
// run-long signal would collect one per call until Node warns about a leak.

export function callSignal(run: AbortSignal): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort(run.reason);
  if (run.aborted) abort();
  else run.addEventListener('abort', abort, { once: true });
  return { signal: controller.signal, done: () => run.removeEventListener('abort', abort) };
}
