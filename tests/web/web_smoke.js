// Smoke test of the web board (default test run): the first page is a game against the engine;
// one move by clicks, answered by the engine; a step back through the game and back to it; a
// position and a KIF record imported as new games; the safety rules of the server.
'use strict';

const assert = require('assert');
const h = require('./harness');

(async () => {
  const opt = h.args();
  const server = await h.startServer(opt.cli);
  const browser = await h.launch(opt.chromium);
  let page;
  let token;
  let startPosition;
  await h.run([
    ['the page draws the start of Seireigi', async () => {
      page = await h.openBoard(browser, server);
      console.log(`page load: ${page.loadMs} ms`);
      assert.strictEqual(await page.$$eval('#board rect.sq', (e) => e.length), 81);
      assert.strictEqual(await page.$$eval('#board .piece[data-square]', (e) => e.length), 40);
      const state = await h.checkPosition(page, server, 'loading');
      // You against the engine at full strength, and the plates say so.
      assert.deepStrictEqual(state.seats, ['human', 'engine']);
      startPosition = state.position;
      const plates = await page.$$eval('#board .plate', (e) => e.map((t) => t.textContent));
      assert.deepStrictEqual(plates, ['Sente (you)', 'Gote (engine)']);
      token = await page.$eval('meta[name="seireigi-token"]', (m) => m.content);
      assert.match(token, /^[0-9a-f]{32}$/);
    }],
    ['a move by click-click, and the engine replies', async () => {
      const t0 = Date.now();
      await h.clickSquare(page, '7g');
      assert(await page.$('#board circle.dest'), 'no legal destination is highlighted');
      await h.clickSquare(page, '7f');
      await h.waitForMoves(page, 2);
      console.log(`click to the engine's reply: ${Date.now() - t0} ms`);
      const state = await h.checkPosition(page, server, '7g7f and the reply');
      assert.strictEqual(state.moves[0].text, '7g7f');
      await h.screenshot(page, opt.artefacts, 'smoke.png');
    }],
    ['a step back shows the start, the arrow key forward and the button return to the game', async () => {
      const live = await h.serverState(server);
      await page.click('#review-back');
      await page.waitForFunction(() => /Reviewing move 1 /.test(document.getElementById('status').textContent));
      const review = (await h.raw(server, 'GET', '/api/review?ply=1')).json;
      const board = (await h.positionFromSvg(page)).split(' ')[0];
      assert.strictEqual(board, review.position.split(' ')[0]);
      assert.strictEqual(await page.$$eval('#moves li.reviewed', (e) => e.length), 1);
      await page.keyboard.press('ArrowLeft');
      await page.waitForFunction(() => /Reviewing the start/.test(document.getElementById('status').textContent));
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => /Reviewing move 1 /.test(document.getElementById('status').textContent));
      await page.click('#review-live');
      await page.waitForFunction(() => !/Reviewing/.test(document.getElementById('status').textContent));
      assert.strictEqual((await h.checkPosition(page, server, 'returning to the game')).position, live.position);
    }],
    ['a position imported (a USI line with moves) starts a game from it', async () => {
      const line = `sfen ${startPosition} moves 2g2f 8c8d`;
      await page.$eval('#import-text', (e, v) => { e.value = v; }, line);
      await page.click('#import');  // the unfinished game is replaced: the harness confirms
      await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2 &&
        /2g2f/.test(document.getElementById('moves').textContent));
      const state = await h.checkPosition(page, server, 'the import');
      assert.deepStrictEqual(state.moves.map((m) => m.text), ['2g2f', '8c8d']);
      assert.deepStrictEqual(state.seats, ['human', 'engine']);
      assert.strictEqual(state.to_move, 0);
    }],
    ['a KIF record imported starts a game with its moves', async () => {
      const kif = ['手合割：平手', '先手：human', '後手：engine', '手数----指手---------消費時間--',
        '   1 ７六歩(77)', '   2 ３四歩(33)', '   3 ２二角成(88)', '   4 同　銀(31)', ''].join('\n');
      await page.select('#variant', 'shogi');
      await page.$eval('#import-text', (e, v) => { e.value = v; }, kif);
      await page.click('#import');
      await page.waitForFunction(() => /Shogi/.test(document.getElementById('title').textContent) &&
        document.querySelectorAll('#moves li').length === 4);
      const state = await h.checkPosition(page, server, 'the KIF import');
      assert.deepStrictEqual(state.moves.map((m) => m.text), ['7g7f', '3c3d', '8h2b+', '3a2b']);
      assert.strictEqual(state.variant.id, 'shogi');
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
