// Whether a base URL points at a server on this machine or the local network (Ollama, llama.cpp, vLLM on a laptop),
// and the longer waits such a server needs: a small model on a CPU can process a long prompt for minutes in silence.

/** Until the response headers arrive, and between two reads of a stream, for a remote API. */
const REMOTE_REQUEST_TIMEOUT_MS = 60_000;
const REMOTE_STREAM_IDLE_TIMEOUT_MS = 90_000;
/** The same for a local server: ten minutes each (a 30k-token prompt at 50 tokens a second takes that long). */
export const LOCAL_REQUEST_TIMEOUT_MS = 600_000;
export const LOCAL_STREAM_IDLE_TIMEOUT_MS = 600_000;

const privateV4 = [/^127\./, /^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./, /^0\.0\.0\.0$/];

export function isLocalUrl(url: string | undefined): boolean {
  if (!url) return false;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host === 'host.docker.internal') return true;
  if (host === '::1' || host.startsWith('fc') || host.startsWith('fd') || host.startsWith('fe80:')) return host.includes(':');
  return privateV4.some((range) => range.test(host));
}

/** The waits rein uses when none is configured. */
export function defaultTimeouts(baseUrl: string | undefined): { requestTimeoutMs: number; streamIdleTimeoutMs: number } {
  return isLocalUrl(baseUrl)
    ? { requestTimeoutMs: LOCAL_REQUEST_TIMEOUT_MS, streamIdleTimeoutMs: LOCAL_STREAM_IDLE_TIMEOUT_MS }
    : { requestTimeoutMs: REMOTE_REQUEST_TIMEOUT_MS, streamIdleTimeoutMs: REMOTE_STREAM_IDLE_TIMEOUT_MS };
}
