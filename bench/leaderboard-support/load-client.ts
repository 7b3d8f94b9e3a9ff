// Keep-alive HTTP load: `node load-client.js <url> <concurrency> <seconds>` prints {"requests":n,"errors":e,"seconds":s}.
// A small autocannon-like loop, run in its own process so it does not share the server's event loop.
import http from 'node:http';

const [url, concurrencyArg, secondsArg] = process.argv.slice(2);
const concurrency = Number(concurrencyArg ?? 32);
const seconds = Number(secondsArg ?? 5);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const target = new URL(url!);
let requests = 0;
let errors = 0;
let bytes = 0;
const deadline = Date.now() + seconds * 1000;

function one(): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get({ host: target.hostname, port: target.port, path: target.pathname, agent }, (res) => {
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode === 200) requests += 1;
        else errors += 1;
        resolve();
      });
    });
    req.on('error', () => {
      errors += 1;
      resolve();
    });
  });
}

async function loop(): Promise<void> {
  while (Date.now() < deadline) await one();
}

const started = Date.now();
Promise.all(Array.from({ length: concurrency }, loop)).then(() => {
  const elapsed = (Date.now() - started) / 1000;
  process.stdout.write(JSON.stringify({ requests, errors, bytes, seconds: elapsed }) + '\n');
  agent.destroy();
});
