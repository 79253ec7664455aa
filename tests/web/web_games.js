// The web board played by real clicks in Chromium (label `long`): a Seireigi game between two
// people with a capture, a drop, an optional promotion taken (the choice drawn as the two faces)
// and one declined, a forced promotion, an illegal attempt, undo and a page reload; a finished
// game reviewed; Yonin Seireigi games with an elimination, players passed over and a skipped
// turn explained; Dai Seireigi drawn with full hands; games against the random player and the
// engine timed, with the evaluation bar, the best line and the arrow. After every move the
// position text rebuilt from the SVG must be the server's. Screenshots (1400 x 1000) land in
// build/web-tests/artefacts/.
'use strict';

const assert = require('assert');
const fs = require('fs');
const h = require('./harness');

// Starts a game through the page's New game form; the page must then show it.
async function newGame(page, variant, seats, position) {
  await waitForVariantOptions(page, variant);  // after a reload the menu comes a moment later
  await page.select('#variant', variant);
  for (let p = 0; p < seats.length; ++p) await page.select(`#seat-${p}`, seats[p]);
  await page.$eval('#start-position', (e, v) => { e.value = v; }, position || '');
  // The server's answer to this request, then the page drawing it (or something newer).
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/new') && r.request().method() === 'POST');
  await page.click('#start');
  const res = await answer;
  const data = await res.json();
  assert(res.ok(), `the new game was refused: ${data.error}`);
  await page.waitForFunction((v) => Number(document.body.dataset.version) >= v, {}, data.version);
}

async function waitForVariantOptions(page, id) {
  await page.waitForFunction((v) => [...document.querySelectorAll('#variant option')].some((o) => o.value === v), {}, id);
}

async function promotionShown(page) {
  return page.$eval('#promotion', (e) => !e.hidden);
}

(async () => {
  const opt = h.args();
  const server = await h.startServer(opt.cli);
  const browser = await h.launch(opt.chromium);
  const report = [];
  let page;
  let plies = 0;
  let promotionShot = false;

  // One move by clicks (or a drag), then the SVG must show the server's position.
  const move = async (how, from, to, expectText) => {
    if (how === 'drag') await h.dragSquares(page, from, to);
    else if (how === 'drop') { await h.clickHand(page, from.player, from.abbr); await h.clickSquare(page, to); }
    else { await h.clickSquare(page, from); await h.clickSquare(page, to); }
    if (expectText.endsWith('+') || expectText.endsWith('=')) {
      // optional promotion: the page shows the two faces beside the square
      await page.waitForSelector('#promotion:not([hidden])');
      if (!promotionShot) {
        promotionShot = true;
        const faces = await page.$$eval('#promotion button', (b) => b.map((e) => [e.querySelectorAll('svg .piece').length, e.textContent]));
        assert.deepStrictEqual(faces.map((f) => f[0]), [1, 1]);
        assert.match(faces[0][1], /\(promote\)/);
        assert.match(faces[1][1], /\(stay\)/);
        // Beside the board in line with the destination, over no square.
        const box = await (await page.$('#promotion')).boundingBox();
        const square = await (await page.$(h.squareSel(to))).boundingBox();
        const squares = await page.$$eval('#board rect.sq', (all) => all.map((e) => {
          const b = e.getBoundingClientRect();
          return [b.left, b.top, b.right, b.bottom];
        }));
        const covered = squares.filter(([l, t, r, b]) => box.x < r - 1 && box.x + box.width > l + 1 &&
          box.y < b - 1 && box.y + box.height > t + 1);
        assert.strictEqual(covered.length, 0, 'the choice covers squares of the board');
        assert(box.x < square.x + square.width && box.x + box.width > square.x, 'the choice is not in line with its square');
        await h.screenshot(page, opt.artefacts, 'promotion-choice.png');
      }
      await page.click(expectText.endsWith('+') ? '#promote-yes' : '#promote-no');
    }
    await h.waitForMoves(page, ++plies);
    const state = await h.checkPosition(page, server, expectText);
    const want = expectText.endsWith('=') ? expectText.slice(0, -1) : expectText;
    assert.strictEqual(state.moves[plies - 1].text, want);
    return state;
  };

  await h.run([
    ['Seireigi between two people, started from the page', async () => {
      page = await h.openBoard(browser, server);
      report.push(`page load (first page, Chromium starting): ${page.loadMs} ms`);
      await waitForVariantOptions(page, 'seireigi');
      await newGame(page, 'seireigi', ['human', 'human']);
      await h.checkPosition(page, server, 'the new game');
    }],
    ['an illegal attempt is refused with the reason and changes nothing', async () => {
      const before = await h.serverState(server);
      await h.clickSquare(page, '7g');
      await h.clickSquare(page, '7e');
      await page.waitForSelector('#message:not([hidden])');
      const text = await page.$eval('#message', (e) => e.textContent);
      // The server's reason, word for word (game/move_refusal.h).
      assert.match(text, /illegal move 7g7e: a Pawn cannot move from 7g to 7e/);
      assert(!/XBetza/.test(text), `the refusal speaks XBetza: ${text}`);
      const after = await h.checkPosition(page, server, 'the illegal attempt');
      assert.strictEqual(after.position, before.position);
      assert.strictEqual(after.version, before.version);
      await h.screenshot(page, opt.artefacts, 'seireigi-illegal.png');
    }],
    ['moves by click-click and drag; a capture with an optional promotion taken', async () => {
      await move('click', '7g', '7f', '7g7f');
      await move('drag', '3c', '3d', '3c3d');
      const s = await move('click', '8h', '2b', '8h2b+');
      assert.deepStrictEqual(s.board[1 * 9 + 7], [0, s.board[1 * 9 + 7][1], true]);
      await move('click', '3a', '2b', '3a2b');
      assert.match((await h.serverState(server)).position, / b Bb /);
    }],
    ['optional promotions declined, then a forced one made without asking', async () => {
      await move('drag', '7f', '7e', '7f7e');
      await move('click', '9c', '9d', '9c9d');
      await move('click', '7e', '7d', '7e7d');
      await move('click', '9d', '9e', '9d9e');
      await move('click', '7d', '7c', '7d7c=');
      await move('click', '1c', '1d', '1c1d');
      await move('click', '7c', '7b', '7c7b=');
      await move('click', '1d', '1e', '1d1e');
      await h.clickSquare(page, '7b');
      await h.clickSquare(page, '7a');
      await h.waitForMoves(page, ++plies);
      assert(!(await promotionShown(page)), 'the page asked about a forced promotion');
      const s = await h.checkPosition(page, server, '7b7a+');
      assert.strictEqual(s.moves[plies - 1].text, '7b7a+');
    }],
    ['a drop from the hand, with the last move marked', async () => {
      await move('drop', { player: 1, abbr: 'B' }, '5e', 'B*5e');
      const marked = await page.$$eval('#board rect.sq.last', (e) => e.map((r) => r.dataset.name));
      assert.deepStrictEqual(marked, ['5e']);
      await h.screenshot(page, opt.artefacts, 'seireigi.png');
      await page.click('#pieces');
      await h.screenshot(page, opt.artefacts, 'seireigi-kanji.png');
      await h.checkPosition(page, server, 'switching to kanji');
      await page.click('#rotate');
      await h.screenshot(page, opt.artefacts, 'seireigi-flipped.png');
      await h.checkPosition(page, server, 'flipping the board');
      await page.click('#rotate');
      await page.click('#pieces');
    }],
    ['the legend shows where a pointed-at piece goes', async () => {
      const c = await h.center(page, '#board .piece[data-square="70"]');  // Sente's Rook on 2h
      await page.mouse.move(c.x, c.y);
      await page.waitForSelector('#legend .legend-mark');
      const kinds = await page.$$eval('#legend .legend-mark', (e) => e.map((m) => m.getAttribute('class')));
      assert(kinds.some((k) => k.includes('legend-both')), kinds.join());
      await h.screenshot(page, opt.artefacts, 'seireigi-legend.png');
      await page.mouse.move(5, 5);
    }],
    ['undo takes back the drop', async () => {
      await page.click('#undo');
      await h.waitForMoves(page, --plies);
      await h.checkPosition(page, server, 'undo');
      assert.strictEqual((await h.serverState(server)).to_move, 1);
    }],
    ['a reload shows the same game', async () => {
      const before = await h.serverState(server);
      await page.reload({ waitUntil: 'load' });
      await page.waitForSelector('body[data-ready="1"] #board .sq');
      await h.waitForMoves(page, plies);
      const after = await h.checkPosition(page, server, 'the reload');
      assert.strictEqual(after.position, before.position);
    }],
    ['save, KIF export, resign with confirmation, load the saved game', async () => {
      const saved = await h.serverState(server);
      await page.$eval('#save-name', (e) => { e.value = 'browser-test'; });
      await page.click('#save');
      await page.waitForFunction(() => /Saved as browser-test.game/.test(document.getElementById('message').textContent));
      const kif = await page.evaluate(async () => { const r = await fetch('/api/kif'); return { status: r.status, text: await r.text() }; });
      assert.strictEqual(kif.status, 200);
      assert.match(kif.text, /先手/);
      let asked = '';
      page.once('dialog', (d) => { asked = d.message(); });
      await page.click('#resign');
      await page.waitForFunction(() => /resign/i.test(document.getElementById('status').textContent));
      assert.match(asked, /resign this game/);
      assert.strictEqual((await h.serverState(server)).result.over, true);
      await page.waitForFunction(() => [...document.querySelectorAll('#load-name option')].some((o) => o.value === 'browser-test.game'));
      await page.select('#load-name', 'browser-test.game');
      await page.click('#load');
      await page.waitForFunction(() => !/resign/i.test(document.getElementById('status').textContent));
      const loaded = await h.checkPosition(page, server, 'loading the saved game');
      assert.strictEqual(loaded.position, saved.position);
      assert.strictEqual(loaded.result.over, false);
    }],
    ['an impasse: refused with the reason while a King is outside its zone, then scored by points', async () => {
      let asked = '';
      const record = (d) => { asked = d.message(); };  // the harness accepts every dialog
      page.on('dialog', record);
      await newGame(page, 'seireigi', ['human', 'human']);
      await page.click('#impasse');
      await page.waitForFunction(() => /impasse/i.test(document.getElementById('message').textContent));
      assert.match(await page.$eval('#message', (m) => m.textContent), /promotion zone/);
      assert.strictEqual((await h.serverState(server)).result.over, false);
      // Both Kings in their zones; Sente has 24 points in hand, Gote 4: below the threshold of 24.
      await newGame(page, 'seireigi', ['human', 'human'], '4K4/9/9/9/9/9/9/9/4k4 b 2R2B4G4p 1');
      await page.click('#impasse');
      await page.waitForFunction(() => /impasse/i.test(document.getElementById('status').textContent));
      assert.match(asked, /Declare an impasse\? Points: Sente 24, Gote 4/);
      const s = await h.serverState(server);
      assert.strictEqual(s.result.over, true);
      assert.match(await page.$eval('#status', (e) => e.textContent), /Sente wins/);
      await h.screenshot(page, opt.artefacts, 'seireigi-impasse.png');
      page.off('dialog', record);
    }],
    ['Yonin Seireigi: a mate eliminates a player, whose pieces turn neutral', async () => {
      await waitForVariantOptions(page, 'yonin-seireigi-compact');
      const start = '4,3K,4/9/1,1S,7/9/2K,2P,6,4K/9/1P,8/1,1R,7/4,1K,4 1 1G 1234 1';
      await newGame(page, 'yonin-seireigi-compact', ['human', 'human', 'human', 'human'], start);
      plies = 0;
      await h.checkPosition(page, server, 'the Yonin start');
      const s = await move('drop', { player: 0, abbr: 'G' }, '9d', 'G*9d');
      assert.deepStrictEqual(s.active, [true, false, true, true]);
      assert.strictEqual(s.to_move, 2);
      const events = await page.$eval("#moves", (e) => e.textContent);
      assert.match(events, /P2 is checkmated/);
      assert.strictEqual(await page.$$eval('#board .piece.neutral', (e) => e.length), 1);
      await move('click', '5a', '5b', '5a5b');
      await h.screenshot(page, opt.artefacts, 'yonin.png');
      await page.click('#rotate');
      await h.checkPosition(page, server, 'rotating the view');
      await h.screenshot(page, opt.artefacts, 'yonin-rotated.png');
      await page.click('#rotate');
      await page.click('#rotate');
      await page.click('#rotate');
    }],
    ['Yonin Seireigi: the evaluation bar gives the player to move its part against the others', async () => {
      await newGame(page, 'yonin-seireigi-compact', ['human', 'human', 'human', 'human']);
      await page.$eval('#analyse-seconds', (e) => { e.value = '0.5'; });
      await page.click('#analyse');
      await page.waitForFunction(() => /best line: \S+/.test(document.getElementById('analysis').textContent), { timeout: 30000 });
      assert(!(await page.$eval('#eval-bar', (e) => e.hidden)), 'no evaluation bar');
      const parts = await page.$$eval('#eval-bar .eval-share', (e) => e.map((d) => [d.dataset.player, d.getBoundingClientRect().height]));
      const bar = await page.$eval('#eval-bar', (e) => e.getBoundingClientRect().height);
      // P1 (to move) against the other three, from its standing s as the summary gives it:
      // exp(s / 400) / (exp(s / 400) + 3), a quarter for an even standing.
      assert.strictEqual(parts.length, 1);
      assert.strictEqual(parts[0][0], '0');
      const summary = await page.$eval('#analysis .summary', (e) => e.textContent);
      const m = summary.match(/^([+-]?[0-9.]+) for P1$/);
      assert(m || summary === 'even', summary);
      const standing = m ? Number(m[1]) * 100 : 0;
      const want = Math.exp(standing / 400) / (Math.exp(standing / 400) + 3);
      assert(Math.abs(parts[0][1] / bar - want) < 0.02, `P1's part ${parts[0][1]} of ${bar} for ${summary}`);
      report.push(`four-player analysis: ${await page.$eval('#analysis', (e) => e.textContent)}; bar ${await page.$eval('#eval-bar', (e) => e.title)}`);
      await h.screenshot(page, opt.artefacts, 'yonin-evaluation-bar.png');
    }],
    ['Yonin Seireigi: a check passes players over, a stalemated player is skipped, both explained', async () => {
      // P1's Rook checks P4 along file 1: P4 moves next, P2 and P3 are passed over.
      await newGame(page, 'yonin-seireigi-compact', ['human', 'human', 'human', 'human'],
        '4,3K,4/9/1,1S,7/9/2K,2P,6,4K/9/1P,8/1,1R,7/4,1K,4 1 1G 1234 1');
      plies = 0;
      let s = await move('click', '8h', '1h', '8h1h');
      assert.strictEqual(s.to_move, 3);
      assert.match(s.moves[0].note, /check: P4; P2 and P3 are passed over: P4 is in check and moves first/);
      await page.waitForFunction(() => /passed over/.test(document.getElementById('banner').textContent));
      assert.match(await page.$eval('#moves', (e) => e.textContent), /P2 and P3 are passed over/);
      await h.screenshot(page, opt.artefacts, 'yonin-passed-over.png');
      // As docs/rules.md §E.2 #6: after P3's King steps to 6a, P4's King on 1e is not in check
      // and every square round it is covered (file 2 by P1's Rook, 1d and 1f by P1's Golds): P4
      // is skipped and P1 moves.
      await newGame(page, 'yonin-seireigi-compact', ['human', 'human', 'human', 'human'],
        '4,3K,4/9/8,1G/9/2K,7,4K/9/8,1G/9/4,1K,2,1R,1 3 - 1234 1');
      plies = 0;
      s = await move('click', '5a', '6a', '5a6a');
      assert.strictEqual(s.to_move, 0);
      assert(s.events.some((e) => e.ply === 1 && /P4 is skipped: no legal move/.test(e.text)), JSON.stringify(s.events));
      await page.waitForFunction(() => /P4 is skipped/.test(document.getElementById('banner').textContent));
      assert.match(await page.$eval('#moves li[data-ply="1"]', (e) => e.textContent), /P4 is skipped: no legal move/);
      const plates = await page.$$eval('#board .plate', (e) => e.map((t) => t.textContent));
      assert.deepStrictEqual(plates, ['P1 (person)', 'P2 (person)', 'P3 (person)', 'P4 (person)']);
      await h.screenshot(page, opt.artefacts, 'yonin-skipped-turn.png');
    }],
    ['a finished game reviewed: a click on a move, the arrow keys, Japanese notation in kanji mode', async () => {
      await newGame(page, 'seireigi', ['human', 'human']);
      plies = 0;
      for (const [f, t] of [['7g', '7f'], ['3c', '3d'], ['8h', '2b+'], ['3a', '2b']]) {
        await move('click', f, t.slice(0, 2), `${f}${t}`);
      }
      await page.click('#resign');
      await page.waitForFunction(() => /resign/i.test(document.getElementById('status').textContent));
      assert.strictEqual((await h.serverState(server)).result.over, true);
      const second = await h.center(page, '#moves li[data-ply="2"]');
      await page.mouse.click(second.x, second.y);
      await page.waitForFunction(() => /Reviewing move 2 /.test(document.getElementById('status').textContent));
      const review = (await h.raw(server, 'GET', '/api/review?ply=2')).json;
      assert.strictEqual((await h.positionFromSvg(page)).split(' ')[0], review.position.split(' ')[0]);
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => /Reviewing move 3 /.test(document.getElementById('status').textContent));
      const after3 = (await h.raw(server, 'GET', '/api/review?ply=3')).json;
      assert.strictEqual((await h.positionFromSvg(page)).split(' ')[0], after3.position.split(' ')[0]);
      await page.click('#pieces');
      const list = await page.$eval('#moves', (e) => e.textContent);
      assert.match(list, /☗７六歩/);
      assert.match(list, /☖同　/);  // 3a2b takes back on 2b
      await h.screenshot(page, opt.artefacts, 'review-finished-game.png');
      await page.click('#pieces');
      await page.click('#review-live');
      await page.waitForFunction(() => /resign/i.test(document.getElementById('status').textContent));
      // Downloads are named after the variant, the players and the date.
      const names = await page.evaluate(async () => Promise.all(['/api/kif', '/api/record'].map(async (u) => (await fetch(u)).headers.get('Content-Disposition'))));
      assert.match(names[0], /filename="seireigi-human-vs-human-\d{4}-\d\d-\d\d\.kif"/);
      assert.match(names[1], /filename="seireigi-human-vs-human-\d{4}-\d\d-\d\d\.game"/);
    }],
    ['a variant file added to the data folder shows in the menu without a reload', async () => {
      const yaml = ['name: My Minishogi', 'board: {files: 5, ranks: 5}', 'players:',
        '  - {name: Sente, orientation: north}', '  - {name: Gote, orientation: south}',
        'starting_player: Sente', 'catalogues: [shogi]',
        'base_pieces: [pawn, silver, gold, bishop, rook, king]', 'royal: king', 'zone_depth: 1',
        'promotions:', '  pawn: tokin', '  silver: promoted_silver', '  bishop: dragon_horse',
        '  rook: dragon_king', 'setup:', '  position: rbsgk/4p/5/P4/KGSBR b - 1', 'drops:',
        '  enabled: true', ''].join('\n');
      fs.mkdirSync(`${server.dataDir}/variants`, { recursive: true });
      fs.writeFileSync(`${server.dataDir}/variants/my-mini.yaml`, yaml);
      await page.focus('#variant');
      await waitForVariantOptions(page, 'file:my-mini.yaml');
    }],
    ['Dai Seireigi drawn with full hands', async () => {
      await waitForVariantOptions(page, 'dai-seireigi');
      await newGame(page, 'dai-seireigi', ['human', 'human']);
      plies = 0;
      await h.checkPosition(page, server, 'the Dai start');
      await h.screenshot(page, opt.artefacts, 'dai-start.png');
      const v = (await h.serverState(server)).variant;
      const piece = (t, lower) => {
        const a = v.types[t].abbr;
        const d = a.length > 1 ? `(${a})` : a;
        return lower ? d.toLowerCase() : d;
      };
      // Every kind of piece in both hands, no more than the set holds (the server refuses
      // positions that cannot arise in a game).
      const hands = v.hand_types.map((t) => piece(t, false)).join('') +
        v.hand_types.map((t) => piece(t, true)).join('');
      const start = `7k7/15/15/15/15/15/15/15/15/15/15/15/15/15/7K7 b ${hands} 1`;
      await newGame(page, 'dai-seireigi', ['human', 'human'], start);
      const s = await h.checkPosition(page, server, 'the Dai position with full hands');
      assert.strictEqual(await page.$$eval('#board .piece[data-hand-owner]', (e) => e.length), 2 * v.hand_types.length);
      assert.strictEqual(await page.$$eval('#board rect.sq', (e) => e.length), 225);
      await h.screenshot(page, opt.artefacts, 'dai-full-hands.png');
      // Pointing at a piece in the hand draws its moves: the Hook Mover's two-leg destinations
      // are marked as hooks, the Knight's leaps as jumps.
      const legendOf = async (abbr, shot) => {
        // A piece in hand: its reach on a small board of its own, not over the game's pieces
        // (the title names the piece: the reach of one pointed at before is gone). Pointed at
        // again if the hand was still being laid out.
        const name = v.types.find((t) => t.abbr === abbr).name;
        for (let attempt = 1; ; ++attempt) {
          const c = await h.center(page, `#board .piece[data-hand-owner="0"][data-abbr="${abbr}"]`);
          await page.mouse.move(c.x, c.y);
          try {
            await page.waitForFunction((n) => document.getElementById('reach-title').textContent.includes(`a ${n} goes`) &&
              document.querySelector('#reach-board .legend-mark'), { timeout: 3000 }, name);
            break;
          } catch (e) {
            if (attempt === 3) throw e;
            await page.mouse.move(5, 5);
          }
        }
        assert.strictEqual(await page.$$eval('#legend .legend-mark', (e) => e.length), 0);
        const kinds = await page.$$eval('#reach-board .legend-mark', (e) => e.map((m) => m.getAttribute('class')));
        await h.screenshot(page, opt.artefacts, shot);
        await page.mouse.move(5, 5);
        return kinds;
      };
      const hook = await legendOf('HM', 'dai-legend-hook-mover.png');
      assert(hook.some((k) => k.includes('legend-hook')), `hook mover: ${hook.join()}`);
      const knight = await legendOf('N', 'dai-legend-knight.png');
      assert(knight.some((k) => k.includes('legend-jump')), `knight: ${knight.join()}`);
      assert(!knight.some((k) => k.includes('legend-hook')), `knight: ${knight.join()}`);
      const t0 = Date.now();
      await move('drop', { player: 0, abbr: v.types[v.hand_types[v.hand_types.length - 1]].abbr }, '8h',
        `${piece(v.hand_types[v.hand_types.length - 1], false)}*8h`);
      report.push(`Dai drop with ${s.legal.length} legal moves: ${Date.now() - t0} ms from click to redrawn board`);
      await page.click('#pieces');
      await h.screenshot(page, opt.artefacts, 'dai-full-hands-kanji.png');
      await page.click('#pieces');
    }],
    ['a game against the random player: click to reply time', async () => {
      await newGame(page, 'seireigi', ['human', 'random']);
      plies = 0;
      const times = [];
      for (const [from, to] of [['7g', '7f'], ['6g', '6f'], ['5g', '5f']]) {
        const state = await h.serverState(server);
        const [f, t] = [from, to];
        if (!state.legal.some((m) => m.text === `${f}${t}`)) continue;
        const t0 = Date.now();
        await h.clickSquare(page, f);
        await h.clickSquare(page, t);
        plies += 2;
        await h.waitForMoves(page, plies);
        times.push(Date.now() - t0);
        await h.checkPosition(page, server, `${f}${t} and the reply`);
      }
      report.push(`click to the random player's reply drawn: ${times.join(', ')} ms`);
      const t0 = Date.now();
      await page.reload({ waitUntil: 'load' });
      await page.waitForSelector('body[data-ready="1"] #board .sq');
      const nav = await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd);
      const drawn = await page.evaluate(() => performance.now());
      report.push(`page reload: ${Date.now() - t0} ms until the board was drawn (browser's load event at ${Math.round(nav)} ms, board drawn by ${Math.round(drawn)} ms after navigation start)`);
    }],
    ['a game against the engine at 0.5 s per move: click to reply time; the analysis panel', async () => {
      await page.$eval('#engine-seconds', (e) => { e.value = '0.5'; });
      await newGame(page, 'seireigi', ['human', 'engine:10']);
      assert.deepStrictEqual(await page.$$eval('#board .plate', (e) => e.map((t) => t.textContent)), ['Sente (you)', 'Gote (engine, level 10)']);
      plies = 0;
      const times = [];
      for (const [f, t] of [['7g', '7f'], ['2g', '2f']]) {
        const state = await h.serverState(server);
        if (!state.legal.some((m) => m.text === `${f}${t}`)) continue;
        const t0 = Date.now();
        await h.clickSquare(page, f);
        await h.clickSquare(page, t);
        plies += 2;
        await h.waitForMoves(page, plies);
        times.push(Date.now() - t0);
        await h.checkPosition(page, server, `${f}${t} and the engine's reply`);
      }
      assert(times.length > 0);
      report.push(`click to the engine's reply drawn (engine:10, 0.5 s per move): ${times.join(', ')} ms`);
      await page.$eval('#analyse-seconds', (e) => { e.value = '0.5'; });
      await page.click('#analyse');
      await page.waitForFunction(() => /best line: \S+/.test(document.getElementById('analysis').textContent), { timeout: 30000 });
      const summary = await page.$eval('#analysis .summary', (e) => e.textContent);
      assert.match(summary, /^([+][0-9.]+ for (Sente|Gote)|even|(Sente|Gote) mates in \d+)$/);
      assert(!(await page.$eval('#eval-bar', (e) => e.hidden)), 'no evaluation bar');
      assert.strictEqual(await page.$$eval('#arrow .arrow', (e) => e.length), 1);
      report.push(`analysis: ${await page.$eval('#analysis', (e) => e.textContent)}`);
      await h.screenshot(page, opt.artefacts, 'evaluation-bar-and-arrow.png');
      // The hint: the engine's move for the person to move, as text and arrow.
      await page.click('#hint');
      await page.waitForFunction(() => /^Hint: \S+/.test(document.querySelector('#analysis .summary')?.textContent || ''), { timeout: 30000 });
      const hint = (await page.$eval('#analysis .summary', (e) => e.textContent)).split(' ')[1];
      assert((await h.serverState(server)).legal.some((m) => m.text === hint), `hint ${hint} is not legal`);
      // The analysis belongs to the position on screen: a step back clears it.
      await page.click('#review-back');
      await page.waitForFunction(() => document.getElementById('analysis').textContent === '' && document.getElementById('eval-bar').hidden);
      assert.strictEqual(await page.$$eval('#arrow .arrow', (e) => e.length), 0);
      await page.click('#review-live');
    }],
    ['find mate: a proven mate with its line and arrow (tests/data/mate-problems.txt)', async () => {
      await newGame(page, 'seireigi', ['human', 'human'], '8k/8s/6+R2/8G/9/9/9/9/K8 b L 1');
      await page.$eval('#analyse-seconds', (e) => { e.value = '5'; });
      await page.click('#find-mate');
      await page.waitForFunction(() => /mating line: \S+/.test(document.getElementById('analysis').textContent), { timeout: 30000 });
      assert.strictEqual(await page.$eval('#analysis .summary', (e) => e.textContent), 'Sente mates in 3 plies (proven)');
      assert.strictEqual(await page.$$eval('#arrow .arrow', (e) => e.length), 1);
      report.push(`find mate: ${await page.$eval('#analysis', (e) => e.textContent)}`);
      await h.screenshot(page, opt.artefacts, 'find-mate.png');
    }],
    ['no error on the page', async () => {
      assert.strictEqual(page.errors || 0, 0);
    }],
  ], async () => {
    if (page) await h.screenshot(page, opt.artefacts, 'failure.png');
  });
  await h.finish(browser, server, report, `${opt.artefacts}/timings.txt`);
})().catch((e) => { console.error(e); process.exit(1); });
