// What this machine charges for receiving the render bench's stream at all: a bare Node client reads the same
// answer from the same mock server and does nothing with it. Beside rein's figure it tells the moment's floor.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startMockLlmServer } from '../__tests__/support/mockLlmServer.js';

const run = promisify(execFile);

/** The client: CPU-seconds (user + system) from the first byte of the answer to its end. */
const client = `
const http = require('node:http');
const body = JSON.stringify({ model: 'floor', stream: true, messages: [{ role: 'user', content: 'go' }] });
const req = http.request(process.argv[1], { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
  let from;
  res.on('data', () => { from ??= process.cpuUsage(); });
  res.on('end', () => {
    const used = process.cpuUsage(from);
    process.stdout.write(String((used.user + used.system) / 1e6));
  });
});
req.end(body);
`;

/** CPU-seconds a bare client spends receiving `answer` streamed `chunkSize` characters a chunk, `chunkDelayMs` apart. */
export async function streamFloorSeconds(answer: string, chunkSize: number, chunkDelayMs: number): Promise<number> {
  const server = await startMockLlmServer({ turns: [{ text: answer, chunkSize, chunkDelayMs }] });
  try {
    const { stdout } = await run(process.execPath, ['-e', client, `${server.openaiBaseUrl}/chat/completions`], { encoding: 'utf8' });
    return Number(stdout);
  } finally {
    await server.close();
  }
}
