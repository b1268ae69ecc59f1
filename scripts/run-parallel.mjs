// Runs npm scripts side by side and fails if any fails: `node scripts/run-parallel.mjs test:server test:e2e`.
// `npm test` uses it for the server and e2e suites. Each has its own PostgreSQL and shares nothing
// with the other, and neither keeps both cores busy (the e2e files run one at a time, waiting on
// Chromium and the portal), so together they take about the longer one's time, not the sum.
// Every line is prefixed with its script's name; a script's closing summary is repeated at the end.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Name the npm scripts to run, e.g. node scripts/run-parallel.mjs test:server test:e2e');
  process.exit(2);
}

const children = new Set();
// Interrupting the runner interrupts every script (each stops its own PostgreSQL and Chromium).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { for (const child of children) child.kill(signal); });
const results = await Promise.all(scripts.map((name) => new Promise((resolve) => {
  const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
  children.add(child);
  const tail = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      process.stdout.write(`[${name}] ${line}\n`);
      tail.push(line);
      if (tail.length > 12) tail.shift();
    });
  }
  child.on('exit', (code, signal) => {
    children.delete(child);
    resolve({ name, code: code ?? (signal ? 1 : 0), signal, tail });
  });
})));

let failed = false;
for (const { name, code, signal, tail } of results) {
  console.log(`\n==> ${name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`}`);
  for (const line of tail) console.log(line);
  if (code !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
