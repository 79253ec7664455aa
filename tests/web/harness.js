// What the browser tests share: a `seireigi serve` on a free port with a fresh data folder,
// Chromium driven through puppeteer-core, real clicks on the SVG board, and the position text
// rebuilt from the rendered SVG to compare with the server's.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const assert = require('assert');
const puppeteer = require('puppeteer-core');

function args() {
  const out = {};
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i += 2) out[a[i].replace(/^--/, '')] = a[i + 1];
  for (const k of ['cli', 'chromium', 'artefacts']) assert(out[k], `missing --${k}`);
  fs.mkdirSync(out.artefacts, { recursive: true });
  return out;
}

// Starts the server; resolves with {url, host, port, dataDir, stop()}.
function startServer(cli, dataDir, extraArgs = []) {
  dataDir = dataDir || fs.mkdtempSync(path.join(os.tmpdir(), 'seireigi-web-'));
  return new Promise((resolve, reject) => {
    const child = spawn(cli, ['serve', '--port', '0', '--data-dir', dataDir, ...extraArgs],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 10000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/([^/\s]+)\//);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[0], host: m[1], port: Number(m[1].split(':').pop()), dataDir, child, output: () => out,
          stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); }),
        });
      }
    });
    child.stderr.on('data', (d) => { out += d; process.stderr.write(d); });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`serve exited (${code}): ${out}`)); });
  });
}

// A plain HTTP request to the server (not through the browser): {status, body, json}.
function raw(server, method, urlPath, { headers = {}, body = null } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path: urlPath,
      headers: Object.assign({ Host: server.host }, headers) }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { data += d; });
      res.on('end', () => {
        let json = null;
        try { json = JSON.parse(data); } catch (e) { /* not JSON */ }
        resolve({ status: res.statusCode, body: data, json });
      });
    });
    req.on('error', reject);
    if (body !== null) req.write(body);
    req.end();
  });
}

async function serverState(server) {
  const r = await raw(server, 'GET', '/api/state');
  assert.strictEqual(r.status, 200, r.body);
  return r.json;
}

async function launch(chromium) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seireigi-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    userDataDir,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      `--user-data-dir=${userDataDir}`],
  });
  return browser;
}

// The board in a new tab; screenshots are taken at 1400 x 1000.
async function openBoard(browser, server) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 1000 });
  page.on('pageerror', (e) => { console.error('page error:', e.message); page.errors = (page.errors || 0) + 1; });
  page.on('dialog', (d) => d.accept());
  const t0 = Date.now();
  await page.goto(server.url, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="1"] #board .sq');
  page.loadMs = Date.now() - t0;
  return page;
}

// The position text rebuilt from what the SVG shows: the pieces on the squares, the pieces in
// each hand (in the order drawn, which is the variant's hand order), the player marked to move,
// the players still in the game and the number of rounds in the move list.
async function positionFromSvg(page) {
  return page.evaluate(() => {
    const svg = document.getElementById('board');
    const files = Number(svg.dataset.files);
    const ranks = Number(svg.dataset.ranks);
    const plates = [...svg.querySelectorAll('.plate')];
    const players = plates.length;
    const four = players > 2;
    const token = (g) => {
      const abbr = g.dataset.abbr.length > 1 ? `(${g.dataset.abbr})` : g.dataset.abbr;
      const owner = Number(g.dataset.owner);
      const promoted = g.dataset.promoted === '1' ? '+' : '';
      if (four) return `${promoted}${owner + 1}${abbr}`;
      return promoted + (owner === 0 ? abbr : abbr.toLowerCase());
    };
    const onSquare = {};
    for (const g of svg.querySelectorAll('.piece[data-square]')) onSquare[g.dataset.square] = g;
    const rows = [];
    for (let y = 0; y < ranks; ++y) {
      const cells = [];
      let empty = 0;
      for (let x = 0; x < files; ++x) {
        const g = onSquare[y * files + x];
        if (!g) { ++empty; continue; }
        if (empty) cells.push(String(empty));
        empty = 0;
        cells.push(token(g));
      }
      if (empty) cells.push(String(empty));
      rows.push(cells.join(four ? ',' : ''));
    }
    const hands = [];
    for (let p = 0; p < players; ++p) {
      const drawn = [...svg.querySelectorAll(`.piece[data-hand-owner="${p}"]`)].reverse();
      for (const g of drawn) {
        const n = Number(g.dataset.count);
        if (four) hands.push((n > 1 ? `${n}x` : '') + token(g));
        else hands.push((n > 1 ? String(n) : '') + token(g));
      }
    }
    const turn = Number(document.getElementById('turn').dataset.player);
    // A move number counts rounds: one more after every player has moved once.
    const moveNumber = Math.floor(document.querySelectorAll('#moves li').length / players) + 1;
    const fields = [rows.join('/')];
    fields.push(four ? String(turn + 1) : (turn === 0 ? 'b' : 'w'));
    fields.push(hands.length ? hands.join(four ? ',' : '') : '-');
    if (four) fields.push(plates.map((t, p) => (t.dataset.active === '1' ? String(p + 1) : '-')).join(''));
    fields.push(String(moveNumber));
    return fields.join(' ');
  });
}

// The rebuilt text must be the server's position text.
async function checkPosition(page, server, what) {
  const shown = await positionFromSvg(page);
  const state = await serverState(server);
  assert.strictEqual(shown, state.position, `after ${what}: the board shows ${shown}, the server holds ${state.position}`);
  return state;
}

// The middle of an element on screen. The board is redrawn when the server's state changes, so
// an element found may be replaced before it is measured: then look again.
async function center(page, selector) {
  for (let attempt = 0; attempt < 20; ++attempt) {
    const handle = await page.$(selector);
    // The page may be scrolled (the panel beside the board is taller than the window): bring the
    // element into the window first, or the click lands outside it.
    if (handle) await handle.evaluate((e) => e.scrollIntoView({ block: 'nearest', inline: 'nearest' })).catch(() => {});
    const box = handle && await handle.boundingBox();
    if (box) return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`nothing on the page matches ${selector}`);
}

const squareSel = (name) => `#board rect.sq[data-name="${name}"]`;

async function clickSquare(page, name) {
  const c = await center(page, squareSel(name));
  await page.mouse.click(c.x, c.y);
}

async function dragSquares(page, from, to) {
  const a = await center(page, squareSel(from));
  const b = await center(page, squareSel(to));
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

async function clickHand(page, player, abbr) {
  const c = await center(page, `#board .piece[data-hand-owner="${player}"][data-abbr="${abbr}"]`);
  await page.mouse.click(c.x, c.y);
}

// Waits until the move list holds `n` moves (after a move of ours and the replies; the engine
// thinks a second a move, longer on a loaded machine).
async function waitForMoves(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('#moves li').length === k, { timeout: 30000 }, n);
}

async function screenshot(page, dir, name) {
  const file = path.join(dir, name);
  await page.screenshot({ path: file });
  console.log(`screenshot: ${file}`);
}

// Runs the named steps, reports each and exits non-zero on the first failure.
// `onFailure` (optional) may save what the page showed.
async function run(steps, onFailure) {
  let passed = 0;
  for (const [name, step] of steps) {
    const t0 = Date.now();
    try {
      await step();
      ++passed;
      console.log(`ok - ${name} (${Date.now() - t0} ms)`);
    } catch (e) {
      console.log(`not ok - ${name}\n${e.stack || e}`);
      if (onFailure) await onFailure(name).catch(() => {});
      console.log(`${passed} passed, 1 failed`);
      process.exitCode = 1;
      return false;
    }
  }
  console.log(`${passed} passed, 0 failed`);
  return true;
}

// Ends a browser test: keeps its report (one figure a line) in `file`, prints it, closes the
// browser and stops the server.
async function finish(browser, server, report, file) {
  fs.writeFileSync(file, report.join('\n') + '\n');
  console.log(report.join('\n'));
  await browser.close();
  await server.stop();
}

module.exports = {
  args, startServer, raw, serverState, launch, openBoard, positionFromSvg, checkPosition,
  clickSquare, dragSquares, clickHand, waitForMoves, screenshot, run, finish, center, squareSel,
};
