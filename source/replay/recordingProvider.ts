// --record <file>: wraps the real provider and writes every request (hashes and size) and every streamed event,
// with its time offset, as JSON lines. Secrets are redacted; a recording that cannot be written is said once.
import { appendFileSync, writeFileSync } from 'node:fs';
import { redactSecrets } from '../util/redact.js';
import type { Provider, ProviderEvent } from '../providers/types.js';
import { hashRequest, recordingVersion, type RecordingFacts, type RecordingLine } from './recording.js';
import type { Places } from './relocate.js';

export function recordingProvider(inner: Provider, file: string, header: { model: string; facts: RecordingFacts; places: Places }): Provider {
  let failed: string | undefined;
  let told = false;
  const write = (line: RecordingLine, first = false) => {
    if (failed) return;
    try {
      const text = `${redactSecrets(JSON.stringify(line))}\n`;
      if (first) writeFileSync(file, text);
      else appendFileSync(file, text);
    } catch (error) {
      failed = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    }
  };
  write({ type: 'header', version: recordingVersion, provider: inner.name, model: header.model, facts: header.facts, places: header.places }, true);
  let turn = 0;
  return {
    name: inner.name,
    async *stream(request, signal): AsyncGenerator<ProviderEvent> {
      turn += 1;
      const current = turn;
      const started = Date.now();
      // The results of the previous answer's tool calls come back in this request.
      const last = request.messages.at(-1);
      if (last?.role === 'user') {
        const first = last.content[0];
        if (first?.type === 'text') write({ type: 'prompt', text: first.text });
        for (const block of last.content) {
          if (block.type === 'tool_result') write({ type: 'tool_result', toolUseId: block.toolUseId, content: block.content, isError: block.isError === true });
        }
      }
      write({ type: 'request', turn: current, size: Buffer.byteLength(JSON.stringify(request)), hash: hashRequest(request, header.places) });
      for await (const event of inner.stream(request, signal)) {
        write({ type: 'event', turn: current, t: Date.now() - started, event });
        if (failed && !told) {
          told = true;
          yield { type: 'warning', message: `The recording ${file} could not be written (${failed}); the session goes on without it.` };
        }
        yield event;
      }
    },
  };
}
