// No request and no record starts a program (docs/web.md, "Safety"; docs/records.md, "What a
// seat line means"): seats an attacker may post are refused with 400; a record naming an external
// program as a seat, loaded by the page or left as the autosave, is played by the engine and the
// program never runs; a server bound to every address still refuses a foreign Host. Plain HTTP,
// no browser.
'use strict';

const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const h = require('./harness');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function tokenOf(server) {
  const page = await h.raw(server, 'GET', '/');
  const m = page.body.match(/name="seireigi-token" content="([0-9a-f]{32})"/);
  assert(m, 'the page carries no token');
  return m[1];
}

// A form post as a browser sends it (with its Content-Length).
function post(server, token, urlPath, params) {
  const body = new URLSearchParams(params).toString();
  return h.raw(server, 'POST', urlPath, {
    headers: { 'X-Seireigi-Token': token, 'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': Buffer.byteLength(body) },
    body,
  });
}

// Waits until the server's game has at least `ply` moves.
async function waitForPly(server, ply) {
  for (let i = 0; i < 100; ++i) {
    const s = await h.serverState(server);
    if (s.ply >= ply) return s;
    await sleep(100);
  }
  throw new Error(`the game did not reach ply ${ply}`);
}

(async () => {
  const opt = h.args();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'seireigi-web-security-'));
  const planted = path.join(scratch, 'planted');
  const servers = [];
  let evilRecord;
  const ok = await h.run([
    ['seats that are not a person, the random mover or the engine get 400', async () => {
      const server = await h.startServer(opt.cli);
      servers.push(server);
      const token = await tokenOf(server);
      const before = await h.serverState(server);
      for (const seat of [`usi:touch ${planted}`, 'file:/etc/passwd', `engine;touch ${planted}`,
        `$(touch ${planted})`, `random|touch ${planted}`, `\`touch ${planted}\``,
        'a'.repeat(10240)]) {
        const r = await post(server, token, '/api/new', { variant: 'seireigi', seats: `human,${seat}` });
        assert.strictEqual(r.status, 400, `${seat.slice(0, 40)}: ${r.body.slice(0, 200)}`);
        assert(r.json && r.json.error, `${seat.slice(0, 40)}: no reason given`);
        assert(r.body.length < 1000, 'the refusal echoes the whole spec');
      }
      await sleep(300);
      assert(!fs.existsSync(planted), 'a posted seat ran a command');
      assert.strictEqual((await h.serverState(server)).version, before.version);
    }],
    ['a loaded record whose seat is a program is played by the engine, and the page is told', async () => {
      const server = servers[0];
      const token = await tokenOf(server);
      assert.strictEqual((await post(server, token, '/api/new', { variant: 'seireigi', seats: 'human,human' })).status, 200);
      assert.strictEqual((await post(server, token, '/api/move', { move: '7g7f' })).status, 200);
      const record = (await h.raw(server, 'GET', '/api/record')).body;
      assert(record.includes('seat 2 human'), record);
      evilRecord = record.replace('seat 2 human', `seat 2 usi:touch ${planted}`);
      fs.writeFileSync(path.join(server.dataDir, 'games', 'evil.game'), evilRecord);
      const r = await post(server, token, '/api/load', { name: 'evil.game' });
      assert.strictEqual(r.status, 200, r.body);
      assert.strictEqual(r.json.seats[1], 'engine');
      assert(r.json.notices.some((n) => /external program.*engine plays it instead/.test(n)), r.body);
      await waitForPly(server, 2);
      assert(!fs.existsSync(planted), 'loading a record ran its seat');
    }],
    ['the same record as the autosave at a server start is played by the engine', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seireigi-web-'));
      fs.mkdirSync(path.join(dataDir, 'games'));
      fs.writeFileSync(path.join(dataDir, 'games', 'autosave.game'), evilRecord);
      const server = await h.startServer(opt.cli, dataDir);
      servers.push(server);
      const state = await waitForPly(server, 2);
      assert.strictEqual(state.seats[1], 'engine');
      assert(state.notices.some((n) => /external program/.test(n)), JSON.stringify(state.notices));
      assert(!fs.existsSync(planted), 'the autosave ran its seat');
      assert(/note: .*external program/.test(server.output()), server.output());
    }],
    ['a server bound to 0.0.0.0 answers a foreign Host with 403', async () => {
      const server = await h.startServer(opt.cli, null, ['--host', '0.0.0.0']);
      servers.push(server);
      const port = server.port;
      for (const host of [`attacker.example:${port}`, `127.0.0.1.attacker.example:${port}`, 'attacker.example']) {
        const r = await h.raw(server, 'GET', '/api/state', { headers: { Host: host } });
        assert.strictEqual(r.status, 403, host);
      }
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
        const r = await h.raw(server, 'GET', '/api/state', { headers: { Host: host } });
        assert.strictEqual(r.status, 200, host);
      }
    }],
  ]);
  for (const s of servers) await s.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
  if (!ok) process.exitCode = 1;
})();
