// A seat per device in Chromium (label `long`): three browsers with storage of their own (three
// devices) at one Yonin game. The host starts it and takes P1, the second takes P2, the third is
// refused P2 and watches; the second reloads and still holds P2; the host asks to take back a move
// and the second refuses; the third starts a game at a table of its own. Screenshots land in build/web-tests/artefacts/ (seats-*.png).
'use strict';

const assert = require('assert');
const h = require('./harness');

(async () => {
  const opt = h.args();
  const server = await h.startServer(opt.cli);
  const browser = await h.launch(opt.chromium);
  const report = [];
  const pages = {};
  // A browser with storage of its own: a device.
  const device = async (name) => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1400, height: 1000 });
    page.on('pageerror', (e) => { console.error(`${name}: page error:`, e.message); page.errors = (page.errors || 0) + 1; });
    page.on('dialog', (d) => d.accept());
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="1"] #board .sq');
    pages[name] = page;
    return page;
  };
  const seatText = (page, p) => page.$eval(`.seat-row[data-player="${p}"]`, (e) => e.textContent);
  const waitSeat = (page, p, pattern) => page.waitForFunction((q, re) => {
    const row = document.querySelector(`.seat-row[data-player="${q}"]`);
    return row && new RegExp(re).test(row.textContent);
  }, { timeout: 15000 }, p, pattern.source);
  // The seat rows are drawn anew with every state the page receives: find and press the button
  // in one step, inside the page, so that a row drawn anew meanwhile is not a detached node.
  const takeSeat = (page, p) => page.$eval(`.seat-row[data-player="${p}"] .take-seat`, (b) => b.click());
  const plates = (page) => page.$$eval('#board text.plate', (e) => e.map((t) => t.textContent));

  await h.run([
    ['the host starts a Yonin game between four people and takes P1', async () => {
      const host = await device('host');
      await host.waitForFunction(() => [...document.querySelectorAll('#variant option')].some((o) => o.value === 'yonin-seireigi-compact'));
      await host.select('#variant', 'yonin-seireigi-compact');
      for (let p = 0; p < 4; ++p) await host.select(`#seat-${p}`, 'human');
      await host.$eval('#start', (b) => b.click());
      await waitSeat(host, 0, /P1: free/);
      await takeSeat(host, 0);
      await waitSeat(host, 0, /P1: yours/);
      assert.match((await plates(host)).join('|'), /P1 \(you\)/);
    }],
    ['a second device takes P2; a third is refused P2 and watches', async () => {
      const second = await device('second');
      await waitSeat(second, 0, /P1: on another device/);
      await takeSeat(second, 1);
      await waitSeat(second, 1, /P2: yours/);
      const third = await device('third');
      await waitSeat(third, 1, /P2: on another device/);
      assert.strictEqual(await third.$('.seat-row[data-player="1"] .take-seat'), null, 'a taken seat offers no button');
      // Asked all the same (a page out of date): refused with the reason.
      const refused = await third.evaluate(async () => {
        const res = await fetch('/api/sit', { method: 'POST', headers: { 'X-Seireigi-Token': document.querySelector('meta[name="seireigi-token"]').content, 'X-Seireigi-Device': localStorage.getItem('seireigi-device'), 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'player=1' });
        return [res.status, (await res.json()).error];
      });
      assert.strictEqual(refused[0], 409);
      assert.match(refused[1], /P2 is taken by another device; you can watch/);
      report.push(`a third device asking for P2: ${refused[0]} "${refused[1]}"`);
      assert.match((await plates(third)).join('|'), /P1 \(another device\).*P2 \(another device\)/);
      await h.screenshot(third, opt.artefacts, 'seats-spectator.png');
      await h.screenshot(second, opt.artefacts, 'seats-second-device.png');
    }],
    ['only the device holding a seat moves for it', async () => {
      const host = pages.host;
      const second = pages.second;
      // P1 (the host) plays 5g5f; the second device cannot move for P1.
      const s = await h.serverState(server);
      assert.strictEqual(s.to_move, 0);
      await h.clickSquare(second, '5g');
      await h.clickSquare(second, '5f');
      await second.waitForFunction(() => /played from another device/.test(document.getElementById('message').textContent), { timeout: 10000 });
      await h.clickSquare(host, '5g');
      await h.clickSquare(host, '5f');
      await h.waitForMoves(host, 1);
      await h.checkPosition(host, server, "the host's 5g5f");
    }],
    ['the second device reloads and still holds P2', async () => {
      const second = pages.second;
      await second.reload({ waitUntil: 'load' });
      await second.waitForSelector('body[data-ready="1"] #board .sq');
      await waitSeat(second, 1, /P2: yours/);
      assert.match((await plates(second)).join('|'), /P2 \(you\)/);
    }],
    ['the host asks to take back its move; the second device refuses', async () => {
      const host = pages.host;
      const second = pages.second;
      await host.click('#undo');
      await second.waitForSelector('#undo-no', { timeout: 15000 });
      assert.match(await second.$eval('#undo-ask', (e) => e.textContent), /P1 asks to take back their last move/);
      await h.screenshot(second, opt.artefacts, 'seats-undo-asked.png');
      assert.match(await host.$eval('#undo-ask', (e) => e.textContent), /waits for P2/);
      await second.click('#undo-no');
      await host.waitForFunction(() => /P2 refused P1's take-back/.test(document.getElementById('undo-ask').textContent), { timeout: 15000 });
      const s = await h.serverState(server);
      assert.strictEqual(s.ply, 1, 'the move stays');
      await h.screenshot(host, opt.artefacts, 'seats-undo-refused.png');
    }],
    ['the third device starts a minishogi game at a table of its own; the first game goes on', async () => {
      const third = pages.third;
      await third.select('#variant', 'minishogi');
      await third.waitForSelector('#seat-1');
      await third.select('#seat-0', 'human');
      await third.select('#seat-1', 'human');
      await third.$eval('#table-name', (e) => { e.value = 'kitchen'; });
      await third.click('#table-start');
      await third.waitForFunction(() => location.search === '?table=kitchen', { timeout: 15000 });
      await third.waitForSelector('body[data-ready="1"] #board .sq');
      await third.waitForFunction(() => document.querySelectorAll('#board .sq').length === 25, { timeout: 15000 });
      await h.clickSquare(third, '5d');
      await h.clickSquare(third, '5c');
      await h.waitForMoves(third, 1);
      await third.waitForFunction(() => /kitchen/.test(document.getElementById('table-list').textContent)
        && /the first table/.test(document.getElementById('table-list').textContent), { timeout: 15000 });
      // The list is read again every 10 s.
      await third.waitForFunction(() => /kitchen Minishogi, 1 move,/.test((document.querySelector('#table-list li.current') || {}).textContent), { timeout: 15000 });
      const first = await h.serverState(server);
      assert.strictEqual(first.ply, 1, 'the Yonin game at the first table is as it was');
      assert.strictEqual(first.variant.players.length, 4);
      assert.strictEqual(await third.$eval('#title', (e) => e.textContent), 'Minishogi at the table kitchen');
      await third.$eval('#table-list', (e) => e.scrollIntoView({ block: 'center' }));
      await h.screenshot(third, opt.artefacts, 'tables-kitchen.png');
      for (const [name, page] of Object.entries(pages)) assert.strictEqual(page.errors || 0, 0, `${name}: page errors`);
    }],
  ], async () => {
    for (const [name, page] of Object.entries(pages)) await h.screenshot(page, opt.artefacts, `seats-failure-${name}.png`);
  });
  await h.finish(browser, server, report, `${opt.artefacts}/seats.txt`);
})().catch((e) => { console.error(e); process.exit(1); });
