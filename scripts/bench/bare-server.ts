// The baseline for the static bench: a bare Node http server answering every request
// with the bytes of one file held in memory.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = [process.argv[2]!, Number(process.argv[3])];
const body = readFileSync(file);
createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
}).listen(port, '127.0.0.1');
