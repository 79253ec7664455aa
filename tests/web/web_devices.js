// The web board's clocks and its phone and tablet layout in Chromium (label `long`): a game with
// clocks started from the page, the person's clock counting down on its name plate and running
// out (the game lost on time); the board at 400 x 850 (a phone, touch) and 820 x 1180 (a tablet),
// 9x9 and 15x15: it fills the width, its coordinates are readable, the controls are below it,
// touch moves work, and a refused move's message does not cover the board. Screenshots land in
// build/web-tests/artefacts/ (clock-*.png, phone-*.png, tablet-*.png).
'use strict';

const assert = require('assert');
const h = require('./harness');

async function waitForVariantOptions(page, id) {
  await page.waitForFunction((v) => [...document.querySelectorAll('#variant option')].some((o) => o.value === v), {}, id);
}

// A new game through the page's form, with the clock fields as given (strings, as typed).
async function newGame(page, variant, seats, clock = {}) {
  await waitForVariantOptions(page, variant);
  await page.select('#variant', variant);
  for (let p = 0; p < seats.length; ++p) await page.select(`#seat-${p}`, seats[p]);
  for (const [id, value] of [['#clock-minutes', clock.minutes || '0'], ['#clock-increment', clock.increment || '0'], ['#clock-byoyomi', clock.byoyomi || '0']]) {
    await page.$eval(id, (e, v) => { e.value = v; }, value);
  }
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/new') && r.request().method() === 'POST');
  await page.$eval('#start', (b) => b.click());
  const res = await answer;
  const data = await res.json();
  assert(res.ok(), `the new game was refused: ${data.error}`);
  await page.waitForFunction((v) => Number(document.body.dataset.version) >= v, {}, data.version);
  return data;
}

// Boxes on screen: the board's squares together, a selector's first match, every coordinate.
async function layout(page) {
  return page.evaluate(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height, bottom: r.bottom, right: r.right }; };
    const squares = [...document.querySelectorAll('#board rect.sq')].map(box);
    const grid = {
      x: Math.min(...squares.map((s) => s.x)), y: Math.min(...squares.map((s) => s.y)),
      right: Math.max(...squares.map((s) => s.right)), bottom: Math.max(...squares.map((s) => s.bottom)),
    };
    const coords = [...document.querySelectorAll('#board text.coord')].map((t) => t.getBoundingClientRect().height);
    return {
      viewport: { w: window.innerWidth, h: window.innerHeight },
      board: box(document.getElementById('board')),
      grid,
      square: squares[0].w,
      coordHeight: Math.min(...coords),
      undo: box(document.getElementById('undo')),
      panel: box(document.getElementById('panel')),
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

const overlaps = (a, b) => a.x < b.right && b.x < a.right && a.y < b.bottom && b.y < a.bottom;

(async () => {
  const opt = h.args();
  const server = await h.startServer(opt.cli);
  const browser = await h.launch(opt.chromium);
  const report = [];
  let page;

  // The board fills the width, coordinates readable, the controls below it, nothing wider than
  // the screen.
  const checkLayout = async (what, minSquare) => {
    const l = await layout(page);
    report.push(`${what}: viewport ${l.viewport.w}x${l.viewport.h}, board ${Math.round(l.board.w)}x${Math.round(l.board.h)} px, square ${l.square.toFixed(1)} px, coordinates ${l.coordHeight.toFixed(1)} px high, buttons at y=${Math.round(l.undo.y)}`);
    assert(l.board.w >= 0.9 * l.viewport.w, `${what}: the board is ${l.board.w} px wide on a ${l.viewport.w} px screen`);
    assert(l.grid.right - l.grid.x >= 0.75 * l.viewport.w, `${what}: the squares span ${l.grid.right - l.grid.x} px of ${l.viewport.w}`);
    assert(l.square >= minSquare, `${what}: a square is ${l.square} px`);
    assert(l.coordHeight >= 9, `${what}: coordinates ${l.coordHeight} px high`);
    assert(l.undo.y >= l.board.bottom - 1, `${what}: the buttons (y=${l.undo.y}) are not below the board (bottom ${l.board.bottom})`);
    assert(l.scrollWidth <= l.viewport.w + 1, `${what}: the page is ${l.scrollWidth} px wide`);
    return l;
  };

  const tap = async (name) => {
    const c = await h.center(page, h.squareSel(name));
    await page.touchscreen.tap(c.x, c.y);
  };

  await h.run([
    ['a clock runs out: counted down on the name plate, the game lost on time', async () => {
      page = await h.openBoard(browser, server);
      // 3 s for everyone; the engine (Gote) never gets to move.
      const data = await newGame(page, 'seireigi', ['human', 'engine:1'], { minutes: '0.05' });
      assert.strictEqual(data.clock.main_ms, 3000);
      // On a wide screen the whole board, both name plates included, fits the screen's height.
      const wide = await layout(page);
      assert(wide.board.bottom <= wide.viewport.h + 1, `at 1400 x 1000 the board ends at y=${wide.board.bottom}`);
      report.push(`desktop 9x9: viewport ${wide.viewport.w}x${wide.viewport.h}, board ${Math.round(wide.board.w)}x${Math.round(wide.board.h)} px, square ${wide.square.toFixed(1)} px`);
      await page.waitForSelector('#board tspan.clock.running');
      const first = await page.$eval('#board tspan.clock[data-clock="0"]', (e) => Number(e.dataset.ms));
      await new Promise((r) => setTimeout(r, 700));
      const later = await page.$eval('#board tspan.clock[data-clock="0"]', (e) => Number(e.dataset.ms));
      assert(later < first, `the clock did not count down: ${first} then ${later} ms`);
      const plates = await page.$$eval('#board .plate', (e) => e.map((t) => t.textContent));
      assert.match(plates[0], /^Sente \(you\) \d\.\d$/);
      assert.match(plates[1], /^Gote \(engine, level 1\) 3\.0$/);
      await h.screenshot(page, opt.artefacts, 'clock-running.png');
      await page.waitForFunction(() => /time runs out/.test(document.getElementById('status').textContent), { timeout: 30000 });
      assert.match(await page.$eval('#status', (e) => e.textContent), /^Sente's time runs out: Gote wins\.$/);
      assert.match(await page.$eval('#board tspan.clock[data-clock="0"]', (e) => e.textContent), /time out/);
      const state = await h.serverState(server);
      assert.deepStrictEqual(state.clock.out_of_time, [true, false]);
      assert.strictEqual(state.clock.left_ms[1], 3000);
      await h.screenshot(page, opt.artefacts, 'clock-out.png');
      await page.close();
    }],
    ['a phone, 400 x 850, touch: Seireigi', async () => {
      page = await browser.newPage();
      await page.setViewport({ width: 400, height: 850, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
      page.on('pageerror', (e) => { console.error('page error:', e.message); page.errors = (page.errors || 0) + 1; });
      page.on('dialog', (d) => d.accept());
      await page.goto(server.url, { waitUntil: 'load' });
      await page.waitForSelector('body[data-ready="1"] #board .sq');
      await newGame(page, 'seireigi', ['human', 'human'], { minutes: '10', increment: '5' });
      const l = await checkLayout('phone 9x9', 34);
      // Touch: tap the pawn, tap its square.
      await tap('7g');
      await page.waitForSelector('#board circle.dest');
      await tap('7f');
      await h.waitForMoves(page, 1);
      await h.checkPosition(page, server, 'a tapped 7g7f');
      // Touch: drag Gote's pawn.
      const from = await h.center(page, h.squareSel('3c'));
      const to = await h.center(page, h.squareSel('3d'));
      await page.touchscreen.touchStart(from.x, from.y);
      await page.touchscreen.touchMove((from.x + to.x) / 2, (from.y + to.y) / 2);
      await page.touchscreen.touchMove(to.x, to.y);
      await page.touchscreen.touchEnd();
      await h.waitForMoves(page, 2);
      await h.checkPosition(page, server, 'a touch-dragged 3c3d');
      // A refused move: the message is not over the board, and the next tap puts it away.
      await tap('2g');
      await tap('2e');
      await page.waitForSelector('#message:not([hidden])');
      const m = await page.$eval('#message', (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, right: r.right, bottom: r.bottom }; });
      assert(!overlaps(m, l.grid), `the message ${JSON.stringify(m)} covers the board ${JSON.stringify(l.grid)}`);
      await h.screenshot(page, opt.artefacts, 'phone-seireigi-message.png');
      await tap('5e');
      await page.waitForSelector('#message[hidden]');
      await h.screenshot(page, opt.artefacts, 'phone-seireigi.png');
    }],
    ['a phone, 400 x 850: Dai Seireigi (15x15)', async () => {
      await newGame(page, 'dai-seireigi', ['human', 'human']);
      await checkLayout('phone 15x15', 20);
      await h.screenshot(page, opt.artefacts, 'phone-dai.png');
      await newGame(page, 'yonin-seireigi-compact', ['human', 'engine:1', 'engine:1', 'engine:1'], { minutes: '5' });
      const l = await layout(page);
      report.push(`phone Yonin (hands on four sides): square ${l.square.toFixed(1)} px`);
      // Every name plate, with its clock, shows whole.
      await page.waitForFunction(() => [...document.querySelectorAll('#board tspan.clock')].every((c) => c.textContent));
      const plates = await page.$$eval('#board text.plate', (ts) => ts.map((t) => { const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.right]; }));
      for (const [text, left, right] of plates) assert(left >= 0 && right <= 400, `the plate "${text}" spans ${left}-${right} px of 400`);
      await h.screenshot(page, opt.artefacts, 'phone-yonin.png');
      assert.strictEqual(page.errors || 0, 0);
      await page.close();
    }],
    ['a tablet, 820 x 1180: Seireigi and Dai Seireigi', async () => {
      page = await browser.newPage();
      await page.setViewport({ width: 820, height: 1180, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
      page.on('pageerror', (e) => { console.error('page error:', e.message); page.errors = (page.errors || 0) + 1; });
      page.on('dialog', (d) => d.accept());
      await page.goto(server.url, { waitUntil: 'load' });
      await page.waitForSelector('body[data-ready="1"] #board .sq');
      await newGame(page, 'seireigi', ['human', 'engine:1'], { minutes: '5', byoyomi: '30' });
      await checkLayout('tablet 9x9', 70);
      await tap('2g');
      await tap('2f');
      await h.waitForMoves(page, 2);
      await h.checkPosition(page, server, 'a tapped 2g2f and the reply');
      await h.screenshot(page, opt.artefacts, 'tablet-seireigi.png');
      await newGame(page, 'dai-seireigi', ['human', 'human']);
      await checkLayout('tablet 15x15', 45);
      await h.screenshot(page, opt.artefacts, 'tablet-dai.png');
      assert.strictEqual(page.errors || 0, 0);
    }],
  ], async () => {
    if (page) await h.screenshot(page, opt.artefacts, 'devices-failure.png');
  });
  await h.finish(browser, server, report, `${opt.artefacts}/devices.txt`);
})().catch((e) => { console.error(e); process.exit(1); });
