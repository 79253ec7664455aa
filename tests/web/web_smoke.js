// Smoke test of the web board (default test run): the page loads and draws the game the server
// holds; one move by clicks, answered by the random player; the safety rules of the server.
'use strict';

const assert = require('assert');
const h = require('./harness');

(async () => {
  const opt = h.args();
  const server = await h.startServer(opt.cli);
  const browser = await h.launch(opt.chromium);
  let page;
  let token;
  await h.run([
    ['the page draws the start of Seireigi', async () => {
      page = await h.openBoard(browser, server);
      console.log(`page load: ${page.loadMs} ms`);
      assert.strictEqual(await page.$$eval('#board rect.sq', (e) => e.length), 81);
      assert.strictEqual(await page.$$eval('#board .piece[data-square]', (e) => e.length), 40);
      await h.checkPosition(page, server, 'loading');
      token = await page.$eval('meta[name="seireigi-token"]', (m) => m.content);
      assert.match(token, /^[0-9a-f]{32}$/);
    }],
    ['a move by click-click, and the random player replies', async () => {
      const t0 = Date.now();
      await h.clickSquare(page, '7g');
      assert(await page.$('#board circle.dest'), 'no legal destination is highlighted');
      await h.clickSquare(page, '7f');
      await h.waitForMoves(page, 2);
      console.log(`click to reply: ${Date.now() - t0} ms`);
      const state = await h.checkPosition(page, server, '7g7f and the reply');
      assert.strictEqual(state.moves[0].text, '7g7f');
      await h.screenshot(page, opt.artefacts, 'smoke.png');
    }],
    ['a request for another host name gets 403', async () => {
      const r = await h.raw(server, 'GET', '/api/state', { headers: { Host: 'attacker.example:80' } });
      assert.strictEqual(r.status, 403);
    }],
    ['a change without the token gets 403 and changes nothing', async () => {
      const before = await h.serverState(server);
      const r = await h.raw(server, 'POST', '/api/undo', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' });
      assert.strictEqual(r.status, 403);
      assert.strictEqual((await h.serverState(server)).position, before.position);
    }],
    ['a path or file name with .. gets 400', async () => {
      assert.strictEqual((await h.raw(server, 'GET', '/../../etc/passwd')).status, 400);
      const r = await h.raw(server, 'POST', '/api/load', {
        headers: { 'X-Seireigi-Token': token, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'name=..%2F..%2Fetc%2Fpasswd' });
      assert.strictEqual(r.status, 400);
      assert.match(r.json.error, /plain file name/);
    }],
    ['a body over 1 MB gets 413', async () => {
      const r = await h.raw(server, 'POST', '/api/move', {
        headers: { 'X-Seireigi-Token': token, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'move=' + 'a'.repeat(1100000) });
      assert.strictEqual(r.status, 413);
    }],
    ['malformed requests get 400 with a message and leave the game unchanged', async () => {
      const before = await h.serverState(server);
      const headers = { 'X-Seireigi-Token': token, 'Content-Type': 'application/x-www-form-urlencoded' };
      for (const body of ['', 'move=', 'move=%FF%FE', 'move=zz99', 'move=7g7f7f', 'mov=7g7f']) {
        const r = await h.raw(server, 'POST', '/api/move', { headers, body });
        assert.strictEqual(r.status, 400, `${body}: ${r.body}`);
        assert(r.json && r.json.error, `${body}: no message`);
      }
      for (const body of ['variant=nonesuch&seats=human,human', 'variant=seireigi&seats=human', 'variant=seireigi&seats=human,robot',
        'variant=seireigi&seats=human,human&position=garbage', 'variant=..%2Fx.yaml&seats=human,human']) {
        const r = await h.raw(server, 'POST', '/api/new', { headers, body });
        assert.strictEqual(r.status, 400, `${body}: ${r.body}`);
      }
      // A position that cannot arise in a game (Sente in check with Gote to move) is refused, with the reason.
      const impossible = await h.raw(server, 'POST', '/api/new', { headers,
        body: 'variant=seireigi&seats=human,human&position=' + encodeURIComponent('4k4/9/9/9/9/9/9/4r4/4K4 w - 1') });
      assert.strictEqual(impossible.status, 400, impossible.body);
      assert(/cannot arise in a game/.test(impossible.json.error), impossible.body);
      assert.strictEqual((await h.raw(server, 'GET', '/api/piece?square=abc')).status, 400);
      const after = await h.serverState(server);
      assert.strictEqual(after.position, before.position);
      assert.strictEqual(after.version, before.version);
    }],
    ['no error on the page', async () => {
      assert.strictEqual(page.errors || 0, 0);
    }],
    ['the game survives a restart of the server through its autosave', async () => {
      const before = await h.serverState(server);
      await server.stop();
      const again = await h.startServer(opt.cli, server.dataDir);
      try {
        const after = await h.serverState(again);
        assert.strictEqual(after.position, before.position);
        assert.deepStrictEqual(after.moves, before.moves);
        assert.deepStrictEqual(after.seats, before.seats);
      } finally {
        await again.stop();
      }
    }],
  ]);
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
