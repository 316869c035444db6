// The render bench's mock provider in a process of its own, as a person's provider is: its answers keep their pace
// whatever the bench process is busy with. The bench queues turns and reads what was served over a control port.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockLlmServer, type MockTurn } from '../__tests__/support/mockLlmServer.js';
import { MockScript } from './renderLive.js';

const script = new MockScript();
const server = await startMockLlmServer({ respond: script.respond });

const control = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/push') script.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as MockTurn[]);
    const served = script.served.map((r) => ({ receivedAt: r.receivedAt, respondedAt: r.respondedAt }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ summaries: script.summaries, served }));
  });
});
control.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ baseUrl: server.openaiBaseUrl, control: `http://127.0.0.1:${(control.address() as AddressInfo).port}` })}\n`);
});
process.on('SIGTERM', () => {
  control.close();
  void server.close().then(() => process.exit(0));
});
