// The question a session asks a local server (Ollama, llama.cpp, vLLM): which window it serves a model with.
// Asked once a model, as early as the session can, and told to the run that needs it once.
import type { ServedWindow } from '../providers/servedWindow.js';
import type { Provider } from '../providers/types.js';

/** The answer, or undefined as soon as `signal` aborts (the question itself goes on, for a later run). */
function untilAborted<T>(answer: Promise<T | undefined>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const onAbort = (): void => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    void answer.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}

export class WindowQuestions {
  /** Each model's answer, asked once a session (maybe ahead of the first run). */
  private readonly asked = new Map<string, Promise<ServedWindow | undefined>>();
  /** Models whose answer a run has taken, once a session each. */
  private readonly taken = new Set<string>();
  /** Stops the questions still on their way when the session closes. */
  private readonly asking = new AbortController();

  /** Sends the question about `model` unless it was sent; undefined when the provider cannot ask. */
  ask(provider: Provider, model: string): Promise<ServedWindow | undefined> | undefined {
    if (!provider.servedWindow) return undefined;
    let answer = this.asked.get(model);
    if (!answer) {
      // A server not reached (not started yet, say) is asked again at the next run, which may find it up.
      answer = provider.servedWindow(model, this.asking.signal).catch(() => {
        this.asked.delete(model);
        return undefined;
      });
      this.asked.set(model, answer);
    }
    return answer;
  }

  /** The answer for a run: undefined when a run took it already, the server said nothing, or `signal` aborted first. */
  async take(provider: Provider, model: string, signal: AbortSignal): Promise<ServedWindow | undefined> {
    if (this.taken.has(model)) return undefined;
    const answer = this.ask(provider, model);
    if (!answer) return undefined;
    this.taken.add(model);
    const served = await untilAborted(answer, signal);
    // A run stopped while waiting leaves the answer to the next run.
    if (signal.aborted) this.taken.delete(model);
    return served;
  }

  /** Drops the questions still on their way (the session closed). */
  stop(): void {
    this.asking.abort();
  }
}
