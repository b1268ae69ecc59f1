// Runs lanes of npm scripts side by side and fails if any script fails:
//   node scripts/run-parallel.mjs typecheck,lint build
// Each argument is a lane; a comma-separated lane runs its scripts one after the other (the next
// starts even when one failed, so one run reports every suite). `npm test` uses it twice:
// - `typecheck,lint build`: the production build the e2e suite runs against (about 10 s of CPU,
//   25-40 s of wall time on 2 cores) is made while the typecheck and the lint run, which use about
//   20 % of the two cores over their 1.5 minutes; it used to be made at the start of the e2e lane,
//   on the critical path.
// - after the unit suite, `test:server test:e2e:built`: the server suite beside the e2e suite (which
//   uses the build above). The e2e files run one at a time and mostly wait on Chromium, the portal
//   and real-time media, so they leave a core for the server suite. The unit suite (2 CPU-bound
//   workers) runs alone: beside the e2e suite both took far longer (decisions.md, issue 14 CI).
// Each suite has its own PostgreSQL (or none) and shares nothing with the others.
// Every line is prefixed with its script's name; each script's closing summary and time are repeated at the end.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const lanes = process.argv.slice(2).map((arg) => arg.split(',').map((s) => s.trim()).filter(Boolean)).filter((lane) => lane.length);
if (lanes.length === 0) {
  console.error('Name the npm scripts to run, one lane per argument, e.g. node scripts/run-parallel.mjs test:unit,test:server test:e2e');
  process.exit(2);
}

const children = new Set();
let interrupted = false;
// Interrupting the runner interrupts every script (each stops its own PostgreSQL and Chromium) and starts no more.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of children) child.kill(signal);
  });
}

/** Runs one npm script, prefixing its output; resolves with its exit status, last lines and time. */
function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
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
      resolve({ name, code: code ?? (signal ? 1 : 0), signal, tail, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const results = (await Promise.all(lanes.map(async (lane) => {
  const done = [];
  for (const name of lane) {
    if (interrupted) break;
    done.push(await run(name));
  }
  return done;
}))).flat();

let failed = interrupted;
for (const { name, code, signal, tail, seconds } of results) {
  console.log(`\n==> ${name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`} in ${seconds.toFixed(0)} s`);
  for (const line of tail) console.log(line);
  if (code !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
