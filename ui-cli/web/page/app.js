// The Seireigi web board: draws the game the server holds and sends the player's actions to it.
// The page keeps no rules: legal moves, move text, check and results all come from /api/state,
// and an illegal attempt is sent anyway so that the server can say why it is refused.
'use strict';

const TOKEN = document.querySelector('meta[name="seireigi-token"]').content;
const SVG_NS = 'http://www.w3.org/2000/svg';
const CELL = 50;
// One colour per player (fill, outline); pieces of a player who is out are grey (see CSS).
const COLORS = [['#f6e3b4', '#6b4f2a'], ['#cfe3f7', '#1f4e79'], ['#d4efcf', '#2e6b28'],
                ['#f7d0d0', '#8b1f1f']];
const FACING = { north: 0, east: 90, south: 180, west: 270 };
// Where a player's hand lies: on the player's own side of the board.
const HAND_SIDE = { north: 'bottom', south: 'top', east: 'left', west: 'right' };

let S = null;             // the last state from the server
let shownNotices = '';    // the game's notices last shown
let rotation = 0;         // quarter turns of the view
let seatsKey = '';        // the game's variant and seats: the view turns when they change
let kanji = false;
let selected = null;      // {square} or {player, type} (a piece in hand)
let drag = null;          // {start: {x, y}, ghost, source}
let legendKey = '';
let polling = false;
let review = null;        // {ply, data}: an earlier position of the game, shown instead of now
let analysis = null;      // {key, data}: the engine's view of the position with that key
let analysing = '';       // the key of the position an analysis runs for
let clockRead = 0;        // when S arrived: the running clock counts down from then

const $ = (id) => document.getElementById(id);

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// ---- talking to the server ----

// This browser's secret for the seats it takes (docs/web.md, "A seat per device"): kept in its
// storage, so that a reload or a closed tab takes the seats back; sent only to this server.
const DEVICE = (() => {
  let d = null;
  try { d = localStorage.getItem('seireigi-device'); } catch (e) { /* no storage: one per page */ }
  if (!/^[0-9a-f]{32}$/.test(d || '')) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    d = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
    try { localStorage.setItem('seireigi-device', d); } catch (e) { /* as above */ }
  }
  return d;
})();

// The table this page shows (docs/web.md, "Several tables"): /?table=NAME; none: the first.
const TABLE = new URLSearchParams(location.search).get('table') || '';
const tableQuery = (name) => (name ? `table=${encodeURIComponent(name)}` : '');
const tablePage = (name) => (name ? `/?${tableQuery(name)}` : '/');

// A request about the game of `table` (this page's unless another is named).
async function request(method, path, params, table = TABLE) {
  const options = { method, headers: { 'X-Seireigi-Device': DEVICE } };
  if (method === 'POST') {
    options.headers['X-Seireigi-Token'] = TOKEN;
    options.headers['Content-Type'] = 'application/x-www-form-urlencoded';
    options.body = new URLSearchParams({ ...(params || {}), ...(table ? { table } : {}) }).toString();
  } else if (table) {
    path += `${path.includes('?') ? '&' : '?'}${tableQuery(table)}`;
  }
  const res = await fetch(path, options);
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: 'unreadable answer from the server' }; }
  return { ok: res.ok, data };
}

async function act(path, params) {
  const { ok, data } = await request('POST', path, params);
  if (!ok) { showMessage(data.error || 'refused'); return false; }
  hideMessage();
  if (data.version !== undefined) setState(data);
  return true;
}

async function poll() {
  if (polling) return;
  polling = true;
  for (;;) {
    try {
      const after = S ? `?after=${S.version}` : '';
      const { ok, data } = await request('GET', '/api/state' + after);
      if (ok && (!S || data.version !== S.version)) setState(data);
      if (!ok) await new Promise((r) => setTimeout(r, 2000));  // no game at this table yet
    } catch (e) {
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

let messageTimer = null;
function showMessage(text) {
  const m = $('message');
  m.textContent = text;
  m.hidden = false;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(hideMessage, 6000);
}
function hideMessage() { $('message').hidden = true; }

// ---- what the state says ----

const V = () => S.variant;
// The position on screen: the game now, or the one under review.
const P = () => (review ? review.data : S);
const shownKey = () => `${S.variant.source}|${P().ply}|${P().position}`;
const squareName = (s) => `${V().files - (s % V().files)}${String.fromCharCode(97 + Math.floor(s / V().files))}`;
const delimited = (abbr) => (abbr.length > 1 ? `(${abbr})` : abbr);
const personToMove = () => !review && !S.result.over && S.seats[S.to_move] === 'human';
const people = () => S.seats.filter((s) => s === 'human').length;

// Who holds a seat, in words: "you" when one person plays, "engine, level 10", "random mover".
function seatWords(spec, p) {
  const seating = S.seating;
  if (spec === 'human' && seating && seating.taken[p]) {
    if (seating.yours[p]) return 'you';
    return seating.connected[p] ? 'another device' : 'another device, away';
  }
  if (spec === 'human') return people() === 1 ? 'you' : 'person';
  const [kind, ...rest] = spec.split(/[:,]/);  // e.g. "engine:10", "engine,eval=nnue"
  if (kind === 'random') return 'random mover';
  if (kind === 'engine') {
    const level = rest.find((r) => /^\d+$/.test(r));
    return level && level !== '20' ? `engine, level ${level}` : 'engine';
  }
  return spec;
}
const playerLabel = (p) => `${V().players[p].name} (${seatWords(S.seats[p], p)})`;

// The face a piece shows: its own type, or what it promotes to.
function faceOf(type, promoted) {
  const t = V().types[type];
  return promoted ? V().types[t.promotes_to] : t;
}

function label(owner, type, promoted, neutral) {
  const face = faceOf(type, promoted);
  if (kanji && !neutral) {
    let glyph = face.kanji;
    if (!promoted && owner === 1 && V().players.length === 2 && face.kanji_alt) glyph = face.kanji_alt;
    if (glyph) return glyph;
  }
  return (promoted ? '+' : '') + V().types[type].abbr;
}

function movesFrom(source) {
  if (review) return [];
  return S.legal.filter((m) => (source.square !== undefined
    ? m.from === source.square : m.from === -1 && m.drop === source.type));
}

// ---- drawing ----

function setState(state) {
  // Answers may arrive out of order (a move's answer and the long poll): never go back.
  // An answer for the version on screen changes nothing.
  if (S && state.version <= S.version) return;
  const changedGame = !S || S.variant.source !== state.variant.source || S.ply !== state.ply ||
    S.version !== state.version;
  const before = S;
  S = state;
  clockRead = performance.now();
  // A review ends when the game it looked at is gone (a new game, an undo past it).
  if (review && (state.variant.source !== before.variant.source || review.ply > state.ply ||
    state.moves.slice(0, review.ply).some((m, i) => m.text !== before.moves[i].text))) review = null;
  if (changedGame) { selected = null; legendKey = ''; }
  const key = `${state.variant.source}|${state.seats.join(',')}|${state.seating ? state.seating.yours.join(',') : ''}`;
  if (key !== seatsKey) { seatsKey = key; rotation = facingRotation(); }
  // New game offers the engine's time per move of the game on the board.
  if (!before && state.engine_ms > 0) $('engine-seconds').value = state.engine_ms / 1000;
  render();
  drawSeating();
  announce(before, state);
  // How the game was set up (a record's seat replaced by the engine): said once per game.
  const notices = (state.notices || []).join('\n');
  if (notices && notices !== shownNotices) showMessage(notices);
  shownNotices = notices;
}

// The quarter turns that put the one person at the board at its bottom edge; none when more
// people (or nobody) play: the flip button turns it then.
function facingRotation() {
  const mine = S.seating ? S.seating.yours.map((y, p) => (y ? p : -1)).filter((p) => p >= 0) : [];
  const humans = mine.length ? mine : S.seats.map((s, p) => (s === 'human' ? p : -1)).filter((p) => p >= 0);
  if (humans.length !== 1) return 0;
  return (4 - FACING[V().players[humans[0]].orientation] / 90) % 4;
}

// What happened with the last moves (checks, players passed over or skipped, eliminations, the
// end), said in a short banner.
function announce(before, state) {
  if (!before || before.variant.source !== state.variant.source || state.ply <= before.ply) {
    if (before && state.ply < before.ply) $('banner').hidden = true;  // undone or a new game
    return;
  }
  const lines = [];
  for (let i = before.ply; i < state.ply; ++i) {
    const m = state.moves[i];
    if (m.note) lines.push(`${state.variant.players[m.by].name} ${m.text}: ${m.note}`);
    for (const e of state.events) if (e.ply === i + 1) lines.push(e.text);
  }
  if (lines.length) showBanner(lines.slice(-3).join('\n'));
}

let bannerTimer = null;
function showBanner(text) {
  const b = $('banner');
  b.textContent = text;
  b.hidden = false;
  clearTimeout(bannerTimer);
  bannerTimer = setTimeout(() => { b.hidden = true; }, 5000);
}

// Hand rows per side: as many as the hand types need along the board's edge.
function handRows() {
  const n = V().hand_types.length;
  const along = Math.min(V().files, V().ranks);
  return Math.max(1, Math.ceil(n / along));
}

function render() {
  const v = V();
  const at = TABLE ? ` at the table ${TABLE}` : '';
  $('title').textContent = v.name + at;
  document.body.dataset.version = S.version;
  document.title = `${v.name}${at} - Seireigi web board`;
  const W = v.files * CELL;
  const H = v.ranks * CELL;
  // Margins: a side with a hand holds it and its name plate; the others only the coordinates,
  // so that with two players the board fills the width of a phone.
  const full = handRows() * CELL + CELL * 1.6;
  const sides = new Set(v.players.map((pl) => HAND_SIDE[pl.orientation]));
  const margin = (side) => (sides.has(side) ? full : CELL * 0.7);
  const O = { x: margin('left'), y: margin('top') };  // the board's corner in the world
  const TW = W + O.x + margin('right');
  const TH = H + O.y + margin('bottom');
  const odd = rotation % 2 === 1;
  const VW = odd ? TH : TW;
  const VH = odd ? TW : TH;
  const svg = $('board');
  svg.setAttribute('viewBox', `0 0 ${VW} ${VH}`);
  $('board-area').style.setProperty('--aspect', (VW / VH).toFixed(4));
  svg.replaceChildren();
  svg.dataset.files = v.files;
  svg.dataset.ranks = v.ranks;
  const world = el('g', { id: 'world', transform: `translate(${VW / 2} ${VH / 2}) rotate(${rotation * 90}) translate(${-TW / 2} ${-TH / 2})` }, svg);
  const boardG = el('g', { transform: `translate(${O.x} ${O.y})` }, world);
  drawSquares(boardG);
  drawCoordinates(boardG);
  drawPieces(boardG);
  el('g', { id: 'legend' }, boardG);
  drawHands(world, O, W, H, margin);
  if (analysis && analysis.key !== shownKey()) analysis = null;
  drawArrow(boardG);
  drawClocks();
  keepPlatesInView();
  drawStatus();
  drawMoves();
  drawControls();
  drawAnalysis();
}

function drawSquares(g) {
  const v = V();
  const lastSquares = P().last ? [P().last.from, P().last.to] : [];
  const checked = kingSquaresInCheck();
  const dests = selected ? movesFrom(selected).map((m) => m.to) : [];
  for (let s = 0; s < v.files * v.ranks; ++s) {
    const x = s % v.files;
    const y = Math.floor(s / v.files);
    const cls = ['sq'];
    if (lastSquares.includes(s)) cls.push('last');
    if (selected && selected.square === s) cls.push('selected');
    if (checked.includes(s)) cls.push('check');
    el('rect', { class: cls.join(' '), x: x * CELL, y: y * CELL, width: CELL, height: CELL, 'data-square': s, 'data-name': squareName(s) }, g);
  }
  // Promotion zones, tinted in their player's colour (every player still in the game).
  v.zones.forEach((zone, p) => {
    if (!P().active[p]) return;
    for (const s of zone) {
      el('rect', { class: 'zone', 'data-zone': p, x: (s % v.files) * CELL, y: Math.floor(s / v.files) * CELL, width: CELL, height: CELL, fill: COLORS[p][1] }, g);
    }
  });
  // Legal destinations of the selected piece: a dot on an empty square, a ring round a piece
  // it would take.
  for (const s of new Set(dests)) {
    const cx = (s % v.files + 0.5) * CELL;
    const cy = (Math.floor(s / v.files) + 0.5) * CELL;
    if (P().board[s]) el('circle', { class: 'dest dest-take', cx, cy, r: CELL * 0.44, 'data-dest': s }, g);
    else el('circle', { class: 'dest', cx, cy, r: CELL * 0.16, 'data-dest': s }, g);
  }
}

// The engine's best move: an arrow from the piece (or, for a drop, from the middle of the
// square's edge nearest its player) to its square.
function drawArrow(g) {
  const g2 = el('g', { id: 'arrow' }, g);
  if (!analysis || !analysis.data.best) return;
  const best = analysis.data.best;
  const v = V();
  const at = (s) => [(s % v.files + 0.5) * CELL, (Math.floor(s / v.files) + 0.5) * CELL];
  const [x2, y2] = at(best.to);
  let x1;
  let y1;
  if (best.from >= 0) [x1, y1] = at(best.from);
  else {
    const a = (FACING[v.players[analysis.data.player].orientation] * Math.PI) / 180;
    x1 = x2 - Math.sin(a) * CELL * 1.2;
    y1 = y2 + Math.cos(a) * CELL * 1.2;
  }
  const len = Math.hypot(x2 - x1, y2 - y1);
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const tip = [x2 - ux * CELL * 0.15, y2 - uy * CELL * 0.15];
  const base = [tip[0] - ux * CELL * 0.4, tip[1] - uy * CELL * 0.4];
  el('line', { class: 'arrow', x1, y1, x2: base[0], y2: base[1] }, g2);
  const w = CELL * 0.22;
  el('path', { class: 'arrow-head', d: `M${tip[0]},${tip[1]}L${base[0] - uy * w},${base[1] + ux * w}L${base[0] + uy * w},${base[1] - ux * w}Z` }, g2);
}

function kingSquaresInCheck() {
  const out = [];
  P().board.forEach((p, s) => {
    if (p && V().types[p[1]].royal && P().in_check.includes(p[0])) out.push(s);
  });
  return out;
}

// Labels turned back upright against the view's rotation.
function uprightText(g, x, y, text, cls) {
  const t = el('text', { class: cls, x, y, transform: `rotate(${-rotation * 90} ${x} ${y})` }, g);
  t.textContent = text;
  return t;
}

// Coordinates grow with the board, which the screen shrinks: readable on a phone at 15x15 too.
function drawCoordinates(g) {
  const v = V();
  const size = Math.min(24, Math.round(16 * Math.max(1, Math.max(v.files, v.ranks) / 9)));
  for (let x = 0; x < v.files; ++x) uprightText(g, (x + 0.5) * CELL, -CELL * 0.33, String(v.files - x), 'coord').setAttribute('font-size', size);
  for (let y = 0; y < v.ranks; ++y) uprightText(g, v.files * CELL + CELL * 0.33, (y + 0.5) * CELL, String.fromCharCode(97 + y), 'coord').setAttribute('font-size', size);
}

// A piece: a pentagon pointing the way its owner faces, with its name.
function drawPiece(parent, cx, cy, owner, type, promoted, attrs) {
  const neutral = !P().active[owner];
  const facing = FACING[V().players[owner].orientation];
  const cls = ['piece'];
  if (promoted) cls.push('promoted');
  if (neutral) cls.push('neutral');
  const g = el('g', Object.assign({
    class: cls.join(' '), transform: `translate(${cx} ${cy}) rotate(${facing})`,
    'data-owner': owner, 'data-abbr': V().types[type].abbr, 'data-promoted': promoted ? 1 : 0,
    'data-neutral': neutral ? 1 : 0,
  }, attrs), parent);
  const k = CELL * 0.45;
  const pts = [[0, -0.95], [0.68, -0.6], [0.82, 0.88], [-0.82, 0.88], [-0.68, -0.6]]
    .map(([a, b]) => `${a * k},${b * k}`).join(' ');
  el('path', { d: `M${pts}Z`, fill: COLORS[owner][0], stroke: COLORS[owner][1] }, g);
  const text = label(owner, type, promoted, neutral);
  const size = Math.min(CELL * 0.46, (CELL * 0.78) / Math.max(1, [...text].length * (kanji ? 1 : 0.62)));
  const t = el('text', { x: 0, y: CELL * 0.05, 'font-size': size }, g);
  t.textContent = text;
  return g;
}

function drawPieces(g) {
  const v = V();
  P().board.forEach((p, s) => {
    if (!p) return;
    const [owner, type, promoted] = p;
    const piece = drawPiece(g, (s % v.files + 0.5) * CELL, (Math.floor(s / v.files) + 0.5) * CELL,
      owner, type, promoted, { 'data-square': s });
    // While a piece is selected its legal moves show as dots: no reach is drawn over them.
    piece.addEventListener('pointerenter', () => { if (!selected) showLegend({ square: s }); });
    piece.addEventListener('pointerleave', clearLegend);
  });
}

// Each hand on its owner's side of the board: a player facing north sits below it, south
// above, east to the left, west to the right.
function drawHands(world, O, W, H, margin) {
  const v = V();
  const rows = handRows();
  v.players.forEach((player, p) => {
    const side = player.orientation;
    const along = side === 'north' || side === 'south' ? W : H;
    const perRow = Math.max(1, Math.floor(along / CELL));
    const g = el('g', { class: 'hand', 'data-hand': p }, world);
    // Origin and directions of the hand's rows, in world coordinates.
    let place;
    const near = CELL * 0.9;
    if (side === 'north') place = (i, r) => [O.x + (i + 0.5) * CELL, O.y + H + near + (r + 0.5) * CELL];
    else if (side === 'south') place = (i, r) => [O.x + W - (i + 0.5) * CELL, O.y - near - (r + 0.5) * CELL];
    else if (side === 'east') place = (i, r) => [O.x - near - (r + 0.5) * CELL, O.y + (i + 0.5) * CELL];
    else place = (i, r) => [O.x + W + near + (r + 0.5) * CELL, O.y + H - (i + 0.5) * CELL];
    let i = 0;
    v.hand_types.forEach((type, k) => {
      const count = P().hands[p][k];
      if (!count) return;
      const [x, y] = place(i % perRow, Math.floor(i / perRow) % rows);
      ++i;
      const piece = drawPiece(g, x, y, p, type, false, { 'data-hand-owner': p, 'data-type': type, 'data-count': count });
      if (selected && selected.player === p && selected.type === type) piece.classList.add('selected-hand');
      if (selected && selected.player === p && selected.type === type) el('circle', { cx: x, cy: y, r: CELL * 0.5, fill: 'none', stroke: '#e0b000', 'stroke-width': 4 }, g);
      if (count > 1) uprightText(g, x + CELL * 0.38, y + CELL * 0.38, String(count), 'hand-count');
      piece.addEventListener('pointerenter', () => showLegend({ player: p, type }));
      piece.addEventListener('pointerleave', clearLegend);
    });
    // The name plate, in the middle of the side, beyond the hand.
    // (Beside a hand along a left or right edge there is no room: there it goes above or
    // below the board's corner, before the hand's first piece.)
    const vertical = side === 'east' || side === 'west';
    // (Between the coordinates and the hand there, where the margin holds a hand.)
    const roomy = margin(side === 'east' ? 'top' : 'bottom') > CELL;
    const [px, py] = vertical ? place(roomy ? -1.25 : -0.9, (rows - 1) / 2) : place((perRow - 1) / 2, rows - 0.15);
    const cls = ['plate'];
    if (!P().active[p]) cls.push('out');
    if (p === P().to_move && !(S.result.over && !review)) cls.push('to-move');
    const t = uprightText(g, px, py, `${playerLabel(p)}${P().active[p] ? '' : ' (out)'}`, cls.join(' '));
    if (S.clock) {
      const c = document.createElementNS(SVG_NS, 'tspan');
      c.setAttribute('class', 'clock');
      c.dataset.clock = p;
      t.appendChild(c);
    }
    t.setAttribute('fill', COLORS[p][1]);
    t.setAttribute('text-anchor', 'middle');
    t.setAttribute('data-player', p);
    t.dataset.x = px;
    t.setAttribute('data-active', P().active[p] ? 1 : 0);
    if (p === P().to_move) t.id = 'turn';
  });
}

// ---- clocks: the server's reading, the running one counted down here ----

function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return s.toFixed(1);
  const whole = Math.floor(s);
  const two = (n) => String(n).padStart(2, '0');
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(whole % 60)}` : `${m}:${two(whole % 60)}`;
}

// Each player's clock on its name plate: the main time left, then the byoyomi once it is spent.
function drawClocks() {
  if (!S || !S.clock) return;
  const c = S.clock;
  const ran = performance.now() - clockRead;
  for (const span of document.querySelectorAll('#board tspan.clock')) {
    const p = Number(span.dataset.clock);
    let main = c.left_ms[p];
    let byoyomi = c.byoyomi_ms;
    if (p === c.running && !c.held) {
      main = Math.max(0, c.left_ms[p] - ran);
      byoyomi = Math.max(0, c.byoyomi_left_ms - Math.max(0, ran - c.left_ms[p]));
    }
    let text = c.out_of_time[p] ? 'time out' : clockText(main);
    if (!c.out_of_time[p] && main <= 0 && c.byoyomi_ms > 0) text = `byoyomi ${clockText(byoyomi)}`;
    if (c.held && p === c.running) text += ' (held)';  // a player's device is away
    span.textContent = ` ${text}`;
    const left = main > 0 ? main : byoyomi;
    span.classList.toggle('low', !c.out_of_time[p] && p === c.running && left < 10000);
    span.classList.toggle('running', p === c.running);
    span.dataset.ms = Math.round(main);
  }
  keepPlatesInView();
}

// A name plate beside a hand on the left or right (three or four players) may be wider than the
// margin: moved along the screen's horizontal (its own x) until the whole of it shows.
function keepPlatesInView() {
  const svg = $('board');
  const view = svg.getBoundingClientRect();
  const scale = view.width / svg.viewBox.baseVal.width;
  if (!scale) return;
  const grid = squaresRect();
  for (const t of svg.querySelectorAll('text.plate')) {
    t.setAttribute('x', t.dataset.x);
    t.style.fontSize = '';
    let r = t.getBoundingClientRect();
    // Too wide for the margin beside the board (a long plate such as "P1 (another device)"):
    // smaller, down to two thirds, so that it stays off the squares.
    const beside = r.top < grid.bottom && r.bottom > grid.top;
    const middle = (r.left + r.right) / 2;
    const room = middle > grid.right ? 2 * Math.min(middle - grid.right, view.right - middle) - 4
      : middle < grid.left ? 2 * Math.min(grid.left - middle, middle - view.left) - 4 : 0;
    if (beside && room > 0 && r.width > room) {
      t.style.fontSize = `${Math.max(2 / 3, room / r.width) * parseFloat(getComputedStyle(t).fontSize)}px`;
      r = t.getBoundingClientRect();
    }
    let dx = 0;
    if (r.left < view.left) dx = (view.left - r.left) / scale + 2;
    else if (r.right > view.right) dx = -(r.right - view.right) / scale - 2;
    if (dx) t.setAttribute('x', Number(t.dataset.x) + dx);
  }
}
setInterval(drawClocks, 100);

function drawStatus() {
  const v = V();
  let text;
  if (review) {
    const m = S.moves[review.ply - 1];
    const said = kanji && m && m.japanese ? m.japanese : m && `${v.players[m.by].name} ${m.text}`;
    text = review.ply === 0 ? 'Reviewing the start' : `Reviewing move ${review.ply} (${said})`;
    text += ` of ${S.moves.length}`;
  } else if (S.result.over) text = S.result.text;
  else {
    const p = S.to_move;
    text = S.seats[p] === 'human' ? `${playerLabel(p)} to move` : `${playerLabel(p)} is thinking`;
    if (S.in_check.length) text += ` - check: ${S.in_check.map((q) => v.players[q].name).join(', ')}`;
  }
  $('status').textContent = text;
  $('status').dataset.toMove = S.to_move;
  // A failed autosave stays on screen until a save succeeds: the game may be lost on a restart.
  $('unsaved').textContent = S.unsaved || '';
  $('unsaved').hidden = !S.unsaved;
}

function drawMoves() {
  const list = $('moves');
  list.replaceChildren();
  // Events before the first move (a start that skips a player) stand above the list.
  const before = S.events.filter((e) => e.ply === 0).map((e) => e.text);
  $('events').textContent = before.join(' ');
  S.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.dataset.ply = i + 1;
    const move = document.createElement('span');
    move.className = 'move';
    move.textContent = kanji && m.japanese ? m.japanese : `${V().players[m.by].name} ${m.text}`;
    li.appendChild(move);
    const notes = (m.note ? [m.note] : []).concat(S.events.filter((e) => e.ply === i + 1).map((e) => e.text));
    for (const n of notes) {
      const span = document.createElement('span');
      span.className = 'note';
      span.textContent = n;
      li.appendChild(span);
    }
    if (i === S.moves.length - 1) li.classList.add('last');
    if (review && review.ply === i + 1) li.classList.add('reviewed');
    li.onclick = () => showPly(i + 1);
    list.appendChild(li);
  });
  const reviewed = list.querySelector('li.reviewed');
  if (reviewed) list.scrollTop = Math.max(0, reviewed.offsetTop - list.offsetTop - list.clientHeight / 2);
  else list.scrollTop = list.scrollHeight;
}


function drawControls() {
  $('rotate').textContent = V().players.length > 2 ? 'Rotate' : 'Flip';
  $('pieces').textContent = kanji ? 'Latin' : 'Kanji';
  $('download-kif').hidden = !V().kif;
  const shown = review ? review.ply : S.ply;
  $('review-back').disabled = shown === 0;
  $('review-forward').disabled = !review;
  $('review-live').hidden = !review;
  $('hint').disabled = !personToMove();
  $('find-mate').hidden = V().players.length !== 2;  // the mate solver is for two players
}

// ---- review: an earlier position of the game ----

// Shows the position after `ply` moves (the game now when it is the last).
async function showPly(ply) {
  if (!S) return;
  if (ply >= S.ply) { review = null; selected = null; render(); return; }
  if (ply < 0) return;
  const { ok, data } = await request('GET', `/api/review?ply=${ply}`);
  if (!ok) { showMessage(data.error); return; }
  // The moves before `ply` never change while the game goes on; a new game ends the review
  // (setState).
  if (ply >= S.ply) return;
  review = { ply, data };
  selected = null;
  clearLegend();
  render();
}

function step(delta) {
  if (!S) return;
  showPly((review ? review.ply : S.ply) + delta);
}

// ---- analysis: the engine's view of the position on screen ----

// `kind`: 'analyse' (score and best line), 'hint' (the best move for the person to move) or
// 'mate' (the mate solver: a forced mate by checks, proven, or proof that there is none).
async function analyse(kind) {
  if (!S) return;
  const key = shownKey();
  if (analysing === key) return;
  analysing = key;
  const ms = Math.round(Number($('analyse-seconds').value) * 1000);
  $('analysis').textContent = kind === 'mate' ? 'looking for a mate...' : 'thinking...';
  const ply = P().ply;
  const path = kind === 'mate' ? '/api/mate' : '/api/analyse';
  const { ok, data } = await request('GET', `${path}?ms=${ms}&ply=${ply}`);
  analysing = '';
  if (key !== shownKey()) return;  // the position on screen changed meanwhile
  if (!ok) { analysis = null; $('analysis').textContent = data.error; return; }
  analysis = { key, data, kind };
  render();
}

function drawAnalysis() {
  const box = $('analysis');
  const bar = $('eval-bar');
  if (!analysis) {
    if (!analysing || analysing !== shownKey()) box.textContent = '';
    bar.hidden = true;
    delete box.dataset.ply;
    return;
  }
  const a = analysis.data;
  const v = V();
  box.dataset.ply = a.ply;
  box.replaceChildren();
  const head = document.createElement('div');
  head.className = 'summary';
  head.textContent = analysis.kind === 'hint' ? `Hint: ${a.best.text} (${a.summary})` : a.summary;
  box.appendChild(head);
  const line = document.createElement('div');
  if (analysis.kind === 'mate') {
    line.textContent = a.pv.length
      ? `mating line: ${a.pv.join(' ')} (the defender resisting longest; ${a.nodes} nodes)`
      : `${a.nodes} nodes in ${a.time_ms} ms; the solver tries checks only`;
    box.appendChild(line);
    bar.hidden = true;
    return;
  }
  line.textContent = `best move ${a.best.text}; best line: ${a.pv.join(' ')} (depth ${a.depth}, ${a.nodes} nodes)`;
  box.appendChild(line);
  // Two players: a bar split at the score, the first player's share toward the first player's
  // side of the board.
  bar.querySelectorAll('.eval-share').forEach((e) => e.remove());
  if (v.players.length === 2) {
    const share = 1 / (1 + Math.exp(-a.scores[0] / 400));
    bar.hidden = false;
    bar.dataset.share = share.toFixed(3);
    const bottom = rotation === 0 ? 0 : 1;  // whose side is at the bottom of the view
    const fill = $('eval-fill');
    fill.style.height = `${100 * (bottom === 0 ? share : 1 - share)}%`;
    fill.style.background = COLORS[bottom][1];
    bar.style.background = COLORS[1 - bottom][0];
    bar.title = a.summary;
  } else {
    // Three or four players: the player to move's standing (its score against the average of
    // the others, docs/engine.md) is the one score searched; the others' are read where its best
    // line ends and are not reliable. The bar gives that player a part as if the others stood
    // level: exp(s / 400) / (exp(s / 400) + others), a 1/N part at a symmetric start.
    const mover = a.player;
    const others = a.scores.filter((score, p) => p !== mover && score !== null).length;
    const weight = Math.exp(Math.max(-4000, Math.min(4000, a.scores[mover])) / 400);
    const share = weight / (weight + others);
    bar.hidden = false;
    bar.dataset.share = share.toFixed(3);
    $('eval-fill').style.height = '0';
    bar.style.background = '#d8d8d8';
    bar.title = `${v.players[mover].name} ${Math.round(100 * share)}% against the others (${a.summary})`;
    const part = document.createElement('div');
    part.className = 'eval-share';
    part.dataset.player = mover;
    part.style.height = `${100 * share}%`;
    part.style.background = COLORS[mover][1];
    bar.appendChild(part);
  }
}

// ---- the legend: where a pointed-at piece can go ----

async function showLegend(which) {
  const key = `${S.version}:${review ? review.ply : ''}:${JSON.stringify(which)}`;
  legendKey = key;
  const q = which.square !== undefined ? `square=${which.square}` : `player=${which.player}&type=${which.type}`;
  const ply = review ? `&ply=${review.ply}` : '';
  const { ok, data } = await request('GET', `/api/piece?${q}${ply}`);
  if (!ok || legendKey !== key) return;
  if (which.square !== undefined) {
    drawReach($('legend'), data, (s) => P().board[s] !== null);
    return;
  }
  // A piece in hand: where it goes from the middle of an empty board, on a small board of its
  // own beside the panel's legend, so that nothing is drawn over the pieces of the game.
  const v = V();
  const small = $('reach-board');
  const cell = Math.max(10, Math.min(24, Math.floor(240 / Math.max(v.files, v.ranks))));
  small.setAttribute('viewBox', `0 0 ${v.files * CELL} ${v.ranks * CELL}`);
  small.style.width = `${v.files * cell}px`;
  small.replaceChildren();
  const world = el('g', { transform: `rotate(${rotation * 90} ${v.files * CELL / 2} ${v.ranks * CELL / 2})` }, small);
  for (let s = 0; s < v.files * v.ranks; ++s) el('rect', { class: 'sq', x: (s % v.files) * CELL, y: Math.floor(s / v.files) * CELL, width: CELL, height: CELL }, world);
  const middle = Math.floor(v.ranks / 2) * v.files + Math.floor(v.files / 2);
  drawPiece(world, (middle % v.files + 0.5) * CELL, (Math.floor(middle / v.files) + 0.5) * CELL, which.player, which.type, false, {});
  drawReach(el('g', {}, world), data, () => false);
  $('reach-title').textContent = `Where a ${v.types[which.type].name} goes, from the middle of an empty board`;
  $('reach').hidden = false;
}

// A piece's reach, marked so that it never looks like the legal-move dots: tinted squares
// (move or capture), outlined squares (move only), red corners (capture only), a red tint on a
// piece it could take; a dashed frame for a jump, a diamond for a hook.
function drawReach(g, data, occupied) {
  g.replaceChildren();
  const v = V();
  const moves = new Set(data.moves);
  const captures = new Set(data.captures);
  const jumps = new Set(data.jumps);
  const hooks = new Set(data.hooks);
  for (const s of new Set([...moves, ...captures])) {
    const x = (s % v.files) * CELL;
    const y = Math.floor(s / v.files) * CELL;
    let kind;
    if (occupied(s)) kind = 'take';
    else kind = moves.has(s) && captures.has(s) ? 'both' : moves.has(s) ? 'move' : 'capture';
    const attrs = { class: `legend-mark legend-${kind}`, 'data-legend': s };
    if (kind === 'capture') {
      const k = CELL * 0.3;
      el('path', Object.assign(attrs, { d: `M${x},${y}h${k}L${x},${y + k}ZM${x + CELL},${y}v${k}L${x + CELL - k},${y}ZM${x},${y + CELL}v${-k}L${x + k},${y + CELL}ZM${x + CELL},${y + CELL}h${-k}L${x + CELL},${y + CELL - k}Z` }), g);
    } else {
      const inset = kind === 'move' ? 3 : 0;
      el('rect', Object.assign(attrs, { x: x + inset, y: y + inset, width: CELL - 2 * inset, height: CELL - 2 * inset }), g);
    }
    const cx = x + CELL / 2;
    const cy = y + CELL / 2;
    if (jumps.has(s)) el('rect', { class: 'legend-mark legend-jump', x: cx - CELL * 0.4, y: cy - CELL * 0.4, width: CELL * 0.8, height: CELL * 0.8 }, g);
    if (hooks.has(s)) el('path', { class: 'legend-mark legend-hook', d: `M${cx},${cy - CELL * 0.42}L${cx + CELL * 0.42},${cy}L${cx},${cy + CELL * 0.42}L${cx - CELL * 0.42},${cy}Z` }, g);
  }
}

function clearLegend() {
  legendKey = '';
  const g = $('legend');
  if (g) g.replaceChildren();
  $('reach').hidden = true;
}

// ---- moving: click-click and drag ----

function ownSource(target) {
  if (!personToMove()) return null;
  const piece = target.closest('.piece');
  if (!piece) return null;
  if (piece.dataset.handOwner !== undefined) {
    const player = Number(piece.dataset.handOwner);
    return player === S.to_move ? { player, type: Number(piece.dataset.type) } : null;
  }
  const s = Number(piece.dataset.square);
  return S.board[s] && S.board[s][0] === S.to_move ? { square: s } : null;
}

function squareAt(clientX, clientY) {
  for (const e of document.elementsFromPoint(clientX, clientY)) {
    if (e.classList && e.classList.contains('sq')) return Number(e.dataset.square);
  }
  return null;
}

function sameSource(a, b) {
  return a && b && a.square === b.square && a.player === b.player && a.type === b.type;
}

function onPointerDown(ev) {
  if (!S) return;
  hideMessage();  // read: the next touch of the board puts it away
  const source = ownSource(ev.target);
  if (source) {
    if (sameSource(source, selected)) {
      selected = null;
      render();
      return;
    }
    selected = source;
    clearLegend();
    render();
    drag = { start: { x: ev.clientX, y: ev.clientY }, ghost: null, source };
    return;
  }
  if (selected) {
    const to = squareAt(ev.clientX, ev.clientY);
    if (to !== null) attempt(selected, to);
  }
}

function worldPoint(ev) {
  const g = $('legend');
  const m = g.getScreenCTM().inverse();
  const p = $('board').createSVGPoint();
  p.x = ev.clientX;
  p.y = ev.clientY;
  return p.matrixTransform(m);
}

function onPointerMove(ev) {
  if (!drag) return;
  const dx = ev.clientX - drag.start.x;
  const dy = ev.clientY - drag.start.y;
  if (!drag.ghost && Math.hypot(dx, dy) < 6) return;
  const at = worldPoint(ev);
  if (!drag.ghost) {
    const src = drag.source;
    let owner;
    let type;
    let promoted = false;
    if (src.square !== undefined) [owner, type, promoted] = S.board[src.square];
    else { owner = src.player; type = src.type; }
    drag.ghost = drawPiece($('legend'), at.x, at.y, owner, type, promoted, { 'data-ghost': 1 });
    drag.ghost.classList.add('ghost');
    drag.facing = FACING[V().players[owner].orientation];
  }
  drag.ghost.setAttribute('transform', `translate(${at.x} ${at.y}) rotate(${drag.facing})`);
}

function onPointerUp(ev) {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (!d.ghost) return;  // a click: the piece stays selected
  d.ghost.remove();
  const to = squareAt(ev.clientX, ev.clientY);
  if (to === null || to === d.source.square) return;
  attempt(d.source, to);
}

// Plays the move from `source` to `to`: asks when promotion is optional, and sends an illegal
// attempt too, so that the server says why it is refused.
async function attempt(source, to) {
  const candidates = movesFrom(source).filter((m) => m.to === to);
  let text;
  if (candidates.length === 0) {
    text = source.square !== undefined ? squareName(source.square) + squareName(to)
      : `${delimited(V().types[source.type].abbr)}*${squareName(to)}`;
  } else if (candidates.length === 1) {
    text = candidates[0].text;
  } else {
    const promote = await askPromotion(source, to, candidates);
    if (promote === null) return;
    text = candidates.find((m) => m.promote === promote).text;
  }
  selected = null;
  clearLegend();
  const ok = await act('/api/move', { move: text });
  if (!ok) render();
}

// Where the board's squares are on the screen (client coordinates).
function squaresRect() {
  const r = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (const sq of document.querySelectorAll('#board rect.sq')) {
    const b = sq.getBoundingClientRect();
    r.left = Math.min(r.left, b.left); r.top = Math.min(r.top, b.top);
    r.right = Math.max(r.right, b.right); r.bottom = Math.max(r.bottom, b.bottom);
  }
  return r;
}

// The promotion choice: the piece's two faces, side by side beside the board in line with the
// destination square (never over a square); Escape or a click elsewhere keeps the piece where
// it is.
function askPromotion(source, to, candidates) {
  return new Promise((resolve) => {
    const box = $('promotion');
    let owner;
    let type;
    if (source.square !== undefined) [owner, type] = P().board[source.square];
    const faces = [[true, 'promote-yes'], [false, 'promote-no']];
    for (const [promoted, id] of faces) {
      const button = $(id);
      button.replaceChildren();
      const icon = document.createElementNS(SVG_NS, 'svg');
      icon.setAttribute('viewBox', `${-CELL / 2} ${-CELL / 2} ${CELL} ${CELL}`);
      icon.setAttribute('class', 'face');
      const g = drawPiece(icon, 0, 0, owner, type, promoted, {});
      g.setAttribute('transform', 'rotate(0)');
      button.appendChild(icon);
      const caption = document.createElement('span');
      const face = faceOf(type, promoted);
      caption.textContent = promoted ? `${face.name} (promote)` : `${face.name} (stay)`;
      button.appendChild(caption);
      button.dataset.move = candidates.find((m) => m.promote === promoted).text;
    }
    // In line with the square's file, just outside the board's squares on the edge nearer to
    // it, so that no square is covered; beside the square where the page has no room there.
    const area = $('board-area').getBoundingClientRect();
    const sq = document.querySelector(`#board rect.sq[data-square="${to}"]`).getBoundingClientRect();
    const grid = squaresRect();
    box.hidden = false;
    const w = box.offsetWidth;
    const h = box.offsetHeight;
    const roomAbove = grid.top - area.top - 4;
    const roomBelow = area.bottom - grid.bottom - 4;
    const nearTop = sq.top + sq.height / 2 < (grid.top + grid.bottom) / 2;
    let top;
    if (roomAbove >= h && (nearTop || roomBelow < h)) top = roomAbove - h;
    else if (roomBelow >= h) top = grid.bottom - area.top + 4;
    if (top !== undefined) {
      box.style.left = `${Math.max(0, Math.min(area.width - w, sq.left - area.left + sq.width / 2 - w / 2))}px`;
      box.style.top = `${top}px`;
    } else {
      const right = sq.right - area.left + 6;
      const left = sq.left - area.left - w - 6;
      box.style.left = `${right + w <= area.width || left < 0 ? right : left}px`;
      box.style.top = `${Math.max(0, Math.min(area.height - h, sq.top - area.top + sq.height / 2 - h / 2))}px`;
    }
    const done = (answer) => {
      box.hidden = true;
      $('promote-yes').onclick = null;
      $('promote-no').onclick = null;
      window.removeEventListener('keydown', onKey);
      $('board').removeEventListener('pointerdown', onBoard, true);
      resolve(answer);
    };
    const onKey = (ev) => { if (ev.key === 'Escape') done(null); };
    const onBoard = (ev) => { ev.stopPropagation(); done(null); };
    $('promote-yes').onclick = () => done(true);
    $('promote-no').onclick = () => done(false);
    window.addEventListener('keydown', onKey);
    $('board').addEventListener('pointerdown', onBoard, true);
  });
}

// ---- seats per device: take a seat, leave it, answer a take-back ----

function drawSeating() {
  const box = $('seating');
  const seating = S.seating;
  box.replaceChildren();
  const humans = S.seats.map((s, p) => (s === 'human' ? p : -1)).filter((p) => p >= 0);
  $('seating-area').hidden = !seating || humans.length === 0;
  if (!seating) return;
  for (const p of humans) {
    const row = document.createElement('div');
    row.className = 'seat-row';
    row.dataset.player = p;
    const name = V().players[p].name;
    const button = (text, cls, path) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.className = cls;
      b.onclick = () => act(path, { player: p });
      row.appendChild(b);
    };
    if (seating.yours[p]) {
      row.append(`${name}: yours `);
      button('Leave', 'leave-seat', '/api/leave');
    } else if (seating.taken[p]) {
      row.append(`${name}: on another device${seating.connected[p] ? '' : ' (away)'}`);
    } else {
      row.append(`${name}: free `);
      button('Take this seat', 'take-seat', '/api/sit');
    }
    box.appendChild(row);
  }
  const u = seating.undo;
  const ask = $('undo-ask');
  ask.replaceChildren();
  if (u) {
    const asker = V().players[u.by].name;
    const mine = u.waiting.filter((p) => seating.yours[p]);
    if (mine.length) {
      ask.append(`${asker} asks to take back their last move. `);
      for (const [text, allow] of [['Allow', 'yes'], ['Refuse', 'no']]) {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = text;
        b.id = `undo-${allow}`;
        b.onclick = () => act('/api/undo-answer', { allow });
        ask.appendChild(b);
      }
    } else {
      ask.textContent = `${asker}'s take-back waits for ${u.waiting.map((p) => V().players[p].name).join(' and ')} to allow it.`;
    }
  } else if (seating.undo_news) {
    ask.textContent = seating.undo_news;
  }
  ask.hidden = !ask.textContent;
}

// ---- the panel ----

// Asks before an unfinished game with moves in it is replaced.
function replaceConfirmed(what) {
  if (!S || S.result.over || S.ply === 0) return true;
  return window.confirm(`${what}? The game in progress (${S.ply} moves, not finished) is replaced; it stays in the autosave until then.`);
}

// The New game form's choices as the parameters of /api/new, from the start or from `position`
// (position text, or a USI position line with moves).
function newGameParams(position) {
  const seats = [...$('seat-choices').querySelectorAll('select')].map((s) => s.value);
  const engineMs = Math.round(Number($('engine-seconds').value) * 1000);
  const params = { variant: $('variant').value, seats: seats.join(','), position, engine_ms: engineMs };
  // Clocks when there is main time or byoyomi (the server checks the numbers).
  const mainMs = Math.round(Number($('clock-minutes').value) * 60000);
  const byoyomiMs = Math.round(Number($('clock-byoyomi').value) * 1000);
  if (mainMs > 0 || byoyomiMs > 0) {
    params.time_ms = mainMs;
    params.increment_ms = Math.round(Number($('clock-increment').value) * 1000);
    params.byoyomi_ms = byoyomiMs;
  }
  return params;
}

// A new game of the chosen variant and seats at this table.
async function startGame(position) {
  if (!replaceConfirmed('Start a new game')) return;
  review = null;
  await act('/api/new', newGameParams(position));
}

// ---- tables: several games on one server, each at a table of its own ----

async function loadTables() {
  const { ok, data } = await request('GET', '/api/tables');
  if (!ok) return;
  const list = $('table-list');
  list.replaceChildren();
  for (const t of data) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = tablePage(t.table);
    a.textContent = t.table || 'the first table';
    li.append(a, ` ${t.variant}, ${t.ply} move${t.ply === 1 ? '' : 's'}${t.over ? ', over' : ''}, ${t.seated} of ${t.people} seats taken`);
    if (t.table === TABLE) li.classList.add('current');
    list.append(li);
  }
}

// A game of the chosen variant and seats at a new table (or another existing one, replacing
// its game as New game does): then this page shows it.
async function startAtTable() {
  const name = $('table-name').value.trim();
  if (!/^[A-Za-z0-9_-]{1,24}$/.test(name)) {
    showMessage("a table's name: 1 to 24 letters, digits, '-' or '_'");
    return;
  }
  const { ok, data } = await request('POST', '/api/new', newGameParams(''), name);
  if (!ok) { showMessage(data.error || 'refused'); return; }
  location.href = tablePage(name);
}

let variantsLoading = false;
async function loadVariants() {
  if (variantsLoading) return;
  variantsLoading = true;
  try { await loadVariantList(); } finally { variantsLoading = false; }
}

async function loadVariantList() {
  const { ok, data } = await request('GET', '/api/variants');
  if (!ok) return;
  const select = $('variant');
  const chosen = select.value;
  const had = [...select.options].map((o) => o.value).join();
  if (had === data.map((v) => v.id).join()) return;
  select.replaceChildren();
  for (const v of data) {
    const o = document.createElement('option');
    o.value = v.id;
    o.textContent = v.name;
    o.dataset.players = v.players;
    select.appendChild(o);
  }
  if (chosen && data.some((v) => v.id === chosen)) select.value = chosen;
  else if (S && data.some((v) => v.id === S.variant.source)) select.value = S.variant.source;
  if (!had || select.value !== chosen) seatChoices();
}

// One seat menu per player of the chosen variant: you, then the engine in every other seat. The
// choices already made stay while the number of players does not change.
function seatChoices() {
  const option = $('variant').selectedOptions[0];
  const players = option ? Number(option.dataset.players) : 2;
  const box = $('seat-choices');
  const kept = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren();
  for (let p = 0; p < players; ++p) {
    const label = document.createElement('label');
    label.textContent = `Player ${p + 1} `;
    const select = document.createElement('select');
    select.id = `seat-${p}`;
    for (const [value, text] of [['human', 'person'], ['engine', 'engine (full strength)'],
      ['engine:10', 'engine, level 10'], ['engine:1', 'engine, level 1'], ['random', 'random mover']]) {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = text;
      select.appendChild(o);
    }
    select.value = kept.length === players ? kept[p] : p === 0 ? 'human' : 'engine';
    label.appendChild(select);
    box.appendChild(label);
  }
}

async function loadRecordList() {
  const { ok, data } = await request('GET', '/api/records');
  if (!ok) return;
  const select = $('load-name');
  select.replaceChildren();
  for (const name of data) {
    const o = document.createElement('option');
    o.value = name;
    o.textContent = name;
    select.appendChild(o);
  }
}

function setupPanel() {
  $('undo').onclick = () => act('/api/undo');
  $('resign').onclick = () => {
    if (!S || !personToMove()) return act('/api/resign');
    if (window.confirm(`${V().players[S.to_move].name}: resign this game?`)) act('/api/resign');
  };
  $('impasse').onclick = () => {
    if (!S) return;
    const scores = S.impasse_scores.map((s, p) => `${V().players[p].name} ${s}`).join(', ');
    if (window.confirm(`Declare an impasse? Points: ${scores} (${S.impasse_threshold} needed not to lose). The other people at this board accept it.`)) act('/api/impasse');
  };
  $('rotate').onclick = () => {
    rotation = (rotation + (V().players.length > 2 ? 1 : 2)) % 4;
    render();
  };
  $('pieces').onclick = () => { kanji = !kanji; render(); };
  $('message').onclick = hideMessage;
  $('save').onclick = async () => {
    const { ok, data } = await request('POST', '/api/save', { name: $('save-name').value });
    if (!ok) showMessage(data.error);
    else { showMessage(`Saved as ${data.saved}`); loadRecordList(); }
  };
  $('load').onclick = () => {
    if (replaceConfirmed(`Load ${$('load-name').value}`)) act('/api/load', { name: $('load-name').value });
  };
  $('import').onclick = () => startGame($('import-text').value.trim());
  $('analyse').onclick = () => analyse('analyse');
  $('hint').onclick = () => analyse('hint');
  $('find-mate').onclick = () => analyse('mate');
  $('review-back').onclick = () => step(-1);
  $('review-forward').onclick = () => step(1);
  $('review-live').onclick = () => showPly(S ? S.ply : 0);
  window.addEventListener('keydown', (ev) => {
    if (ev.target.closest && ev.target.closest('input, select, textarea')) return;
    if (ev.key === 'ArrowLeft') { step(-1); ev.preventDefault(); }
    if (ev.key === 'ArrowRight') { step(1); ev.preventDefault(); }
  });
  $('variant').onchange = seatChoices;
  // A variant file added to the data folder shows up when the menu is opened.
  $('variant').addEventListener('focus', loadVariants);
  $('variant').addEventListener('pointerdown', loadVariants);
  $('new-game').onsubmit = (ev) => {
    ev.preventDefault();
    startGame($('start-position').value.trim());
  };
  $('table-start').onclick = startAtTable;
  if (TABLE) {
    for (const id of ['download-record', 'download-kif']) $(id).href += `?${tableQuery(TABLE)}`;
  }
  const svg = $('board');
  svg.addEventListener('pointerdown', onPointerDown);
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
}

// Where other devices join (serve --host on a network address): the address and its QR code.
async function loadJoin() {
  const { ok, data } = await request('GET', '/api/join');
  if (!ok || !data.address) return;
  $('join-address').textContent = data.address;
  $('join-qr').innerHTML = data.qr_svg;  // drawn by this server (web/qr_code.cpp)
  $('join').hidden = false;
}

async function main() {
  setupPanel();
  const { ok, data } = await request('GET', '/api/state');
  if (ok && data.version !== undefined) setState(data);
  else showMessage(data.error || 'no game');
  document.body.dataset.ready = '1';
  loadVariants();
  loadRecordList();
  loadJoin();
  loadTables();
  setInterval(loadTables, 10000);  // games at the other tables go on
  poll();
}

main();
