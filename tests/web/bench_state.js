// How fast `seireigi serve` answers: requests per second and latency percentiles for one path
// (default /api/state), with CLIENTS clients each sending one request after another for SECONDS,
// with and without kept-alive connections. A figure to print, never a test (docs/web.md).
//
//   node tests/web/bench_state.js --cli build/ui-cli/seireigi [--clients 8] [--seconds 30]
//        [--path /api/state] [--modes keep-alive,close]
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');

function args() {
  const out = { clients: '8', seconds: '30', path: '/api/state', modes: 'keep-alive,close' };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i += 2) out[a[i].replace(/^--/, '')] = a[i + 1];
  if (!out.cli) throw new Error('missing --cli PATH_TO_SEIREIGI');
  return out;
}

function startServer(cli) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seireigi-bench-'));
  return new Promise((resolve, reject) => {
    const child = spawn(cli, ['serve', '--port', '0', '--data-dir', dataDir],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/([^/\s]+)\//);
      if (m) resolve({ child, host: m[1], port: Number(m[1].split(':').pop()), dataDir });
    });
    child.on('exit', (code) => reject(new Error(`serve exited (${code}): ${out}`)));
  });
}

function once(server, agent, urlPath) {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port: server.port, path: urlPath, agent,
      headers: { Host: server.host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ok: res.statusCode === 200,
        ms: Number(process.hrtime.bigint() - start) / 1e6 }));
    });
    req.on('error', () => resolve({ ok: false, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
    req.end();
  });
}

async function measure(server, clients, seconds, urlPath, keepAlive) {
  const agent = new http.Agent({ keepAlive, maxSockets: clients });
  const times = [];
  let failed = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (Date.now() < end) {
      const r = await once(server, agent, urlPath);
      if (r.ok) times.push(r.ms); else failed++;
    }
  }));
  agent.destroy();
  times.sort((a, b) => a - b);
  const pct = (p) => (times.length ? times[Math.min(times.length - 1, Math.floor(p * times.length))] : NaN);
  return { requests: times.length, failed, perSecond: times.length / seconds,
    p50: pct(0.5), p99: pct(0.99), max: times.length ? times[times.length - 1] : NaN };
}

(async () => {
  const opt = args();
  const server = await startServer(opt.cli);
  try {
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(`${opt.cli} ${opt.path}: ${opt.clients} clients, ${opt.seconds} s each; load ${load}`);
    for (const mode of opt.modes.split(',')) {
      const r = await measure(server, Number(opt.clients), Number(opt.seconds), opt.path, mode === 'keep-alive');
      console.log(`${mode.padEnd(10)} ${r.perSecond.toFixed(1)} requests/s, p50 ${r.p50.toFixed(1)} ms, ` +
        `p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, ${r.failed} failed`);
    }
  } finally {
    server.child.kill('SIGTERM');
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
})().catch((e) => { console.error(e); process.exit(1); });
