// The yardstick: a bare Node HTTP server that answers each benchmarked request with the exact
// status, headers and body the app gave (received from the parent over IPC), so the ratio
// app/bare isolates what the app does per request.
import http from 'node:http';
import { cannedKey } from './key';

interface Canned {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

let table = new Map<string, Canned>();

const server = http.createServer((req, res) => {
  const canned = table.get(
    cannedKey(
      req.headers.host,
      req.url,
      req.headers['if-none-match'] !== undefined,
      req.headers['accept-encoding'] !== undefined,
    ),
  );
  if (!canned) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(canned.status, canned.headers);
  res.end(Buffer.from(canned.body, 'base64'));
});

process.on('message', (message: { table: [string, Canned][] }) => {
  table = new Map(message.table);
  process.send?.({ ready: true });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
