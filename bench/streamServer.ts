// A mock provider in a process of its own, for measuring rein from outside: serves the render bench's answer (and
// short answers for warm-up turns) and prints one JSON line per request as it arrives and as its answer ends.
import { startMockLlmServer, type MockTurn } from '../__tests__/support/mockLlmServer.js';
import { streamedAnswer } from './renderContent.js';

const chunkSize = Number(process.env.CHUNK_SIZE ?? 4);
const chunkDelayMs = Number(process.env.CHUNK_DELAY_MS ?? 5);
const answer = streamedAnswer(Number(process.env.ANSWER_CHARS ?? 12 * 1024));

const server = await startMockLlmServer({
  // A prompt starting "short" gets a short answer (warm-up and memory turns); any other gets the streamed answer.
  respond: (req): MockTurn => {
    const messages = (req.body?.messages ?? []) as Array<{ role: string; content: unknown }>;
    const last = JSON.stringify(messages.filter((m) => m.role === 'user').at(-1)?.content ?? '');
    process.stdout.write(`${JSON.stringify({ event: 'request', at: Date.now() })}\n`);
    return last.includes('short') ? { text: streamedAnswer(3_000, messages.length), chunkSize: 64 } : { text: answer, chunkSize, chunkDelayMs };
  },
});
process.stdout.write(`${JSON.stringify({ event: 'listening', url: server.openaiBaseUrl })}\n`);
const reported = new Set<object>();
setInterval(() => {
  for (const r of server.requests) {
    if (r.respondedAt === undefined || reported.has(r)) continue;
    reported.add(r);
    process.stdout.write(`${JSON.stringify({ event: 'done', at: r.respondedAt, receivedAt: r.receivedAt })}\n`);
  }
}, 20);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
