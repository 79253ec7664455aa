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

let S = null;             // the last state from the server
let shownNotices = '';    // the game's notices last shown
let rotation = 0;         // quarter turns of the view
let kanji = false;
let selected = null;      // {square} or {player, type} (a piece in hand)
let drag = null;          // {start: {x, y}, ghost, source}
let legendKey = '';
let polling = false;

const $ = (id) => document.getElementById(id);

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// ---- talking to the server ----

async function request(method, path, params) {
  const options = { method, headers: {} };
  if (method === 'POST') {
    options.headers['X-Seireigi-Token'] = TOKEN;
    options.headers['Content-Type'] = 'application/x-www-form-urlencoded';
    options.body = new URLSearchParams(params || {}).toString();
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
const squareName = (s) => `${V().files - (s % V().files)}${String.fromCharCode(97 + Math.floor(s / V().files))}`;
const delimited = (abbr) => (abbr.length > 1 ? `(${abbr})` : abbr);
const personToMove = () => !S.result.over && S.seats[S.to_move] === 'human';

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
  S = state;
  if (changedGame) { selected = null; legendKey = ''; }
  render();
  // How the game was set up (a record's seat replaced by the engine): said once per game.
  const notices = (state.notices || []).join('\n');
  if (notices && notices !== shownNotices) showMessage(notices);
  shownNotices = notices;
}

// Hand rows per side: as many as the hand types need along the board's edge.
function handRows() {
  const n = V().hand_types.length;
  const along = Math.min(V().files, V().ranks);
  return Math.max(1, Math.ceil(n / along));
}

function render() {
  const v = V();
  $('title').textContent = v.name;
  document.body.dataset.version = S.version;
  document.title = `${v.name} - Seireigi web board`;
  const W = v.files * CELL;
  const H = v.ranks * CELL;
  const M = handRows() * CELL + CELL * 1.6;  // margin: coordinates, hands, name plates
  const TW = W + 2 * M;
  const TH = H + 2 * M;
  const odd = rotation % 2 === 1;
  const VW = odd ? TH : TW;
  const VH = odd ? TW : TH;
  const svg = $('board');
  svg.setAttribute('viewBox', `0 0 ${VW} ${VH}`);
  svg.replaceChildren();
  svg.dataset.files = v.files;
  svg.dataset.ranks = v.ranks;
  const world = el('g', { id: 'world', transform: `translate(${VW / 2} ${VH / 2}) rotate(${rotation * 90}) translate(${-TW / 2} ${-TH / 2})` }, svg);
  const boardG = el('g', { transform: `translate(${M} ${M})` }, world);
  drawSquares(boardG);
  drawCoordinates(boardG);
  drawPieces(boardG);
  el('g', { id: 'legend' }, boardG);
  drawHands(world, M, W, H);
  drawStatus();
  drawMoves();
  drawControls();
}

function drawSquares(g) {
  const v = V();
  const lastSquares = S.last ? [S.last.from, S.last.to] : [];
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
  for (const s of new Set(dests)) {
    el('circle', { class: 'dest', cx: (s % v.files + 0.5) * CELL, cy: (Math.floor(s / v.files) + 0.5) * CELL, r: CELL * 0.16, 'data-dest': s }, g);
  }
}

function kingSquaresInCheck() {
  const out = [];
  S.board.forEach((p, s) => {
    if (p && V().types[p[1]].royal && S.in_check.includes(p[0])) out.push(s);
  });
  return out;
}

// Labels turned back upright against the view's rotation.
function uprightText(g, x, y, text, cls) {
  const t = el('text', { class: cls, x, y, transform: `rotate(${-rotation * 90} ${x} ${y})` }, g);
  t.textContent = text;
  return t;
}

function drawCoordinates(g) {
  const v = V();
  for (let x = 0; x < v.files; ++x) uprightText(g, (x + 0.5) * CELL, -CELL * 0.3, String(v.files - x), 'coord');
  for (let y = 0; y < v.ranks; ++y) uprightText(g, v.files * CELL + CELL * 0.3, (y + 0.5) * CELL, String.fromCharCode(97 + y), 'coord');
}

// A piece: a pentagon pointing the way its owner faces, with its name.
function drawPiece(parent, cx, cy, owner, type, promoted, attrs) {
  const neutral = !S.active[owner];
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
  S.board.forEach((p, s) => {
    if (!p) return;
    const [owner, type, promoted] = p;
    const piece = drawPiece(g, (s % v.files + 0.5) * CELL, (Math.floor(s / v.files) + 0.5) * CELL,
      owner, type, promoted, { 'data-square': s });
    piece.addEventListener('pointerenter', () => showLegend({ square: s }));
    piece.addEventListener('pointerleave', clearLegend);
  });
}

// Each hand on its owner's side of the board: a player facing north sits below it, south
// above, east to the left, west to the right.
function drawHands(world, M, W, H) {
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
    if (side === 'north') place = (i, r) => [M + (i + 0.5) * CELL, M + H + near + (r + 0.5) * CELL];
    else if (side === 'south') place = (i, r) => [M + W - (i + 0.5) * CELL, M - near - (r + 0.5) * CELL];
    else if (side === 'east') place = (i, r) => [M - near - (r + 0.5) * CELL, M + (i + 0.5) * CELL];
    else place = (i, r) => [M + W + near + (r + 0.5) * CELL, M + H - (i + 0.5) * CELL];
    let i = 0;
    v.hand_types.forEach((type, k) => {
      const count = S.hands[p][k];
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
    const [px, py] = vertical ? place(-0.9, (rows - 1) / 2) : place((perRow - 1) / 2, rows - 0.15);
    const cls = ['plate'];
    if (!S.active[p]) cls.push('out');
    if (p === S.to_move && !S.result.over) cls.push('to-move');
    const seat = S.seats[p] !== 'human' && (side === 'north' || side === 'south') ? ` (${S.seats[p]})` : '';
    const t = uprightText(g, px, py, `${player.name}${seat}${S.active[p] ? '' : ' (out)'}`, cls.join(' '));
    t.setAttribute('fill', COLORS[p][1]);
    t.setAttribute('text-anchor', 'middle');
    t.setAttribute('data-player', p);
    t.setAttribute('data-active', S.active[p] ? 1 : 0);
    if (p === S.to_move) t.id = 'turn';
  });
}

function drawStatus() {
  const v = V();
  let text;
  if (S.result.over) text = S.result.text;
  else {
    const p = S.to_move;
    text = `${v.players[p].name} to move`;
    if (S.seats[p] !== 'human') text += ` (${S.seats[p]} is thinking)`;
    if (S.in_check.length) text += ` - check: ${S.in_check.map((q) => v.players[q].name).join(', ')}`;
  }
  $('status').textContent = text;
  $('status').dataset.toMove = S.to_move;
}

function drawMoves() {
  const list = $('moves');
  list.replaceChildren();
  S.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = `${V().players[m.by].name} ${m.text}`;
    if (i === S.moves.length - 1) li.className = 'last';
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
  const events = $('events');
  events.replaceChildren();
  for (const e of S.events) {
    const li = document.createElement('li');
    li.textContent = `after move ${e.ply}: ${e.text}`;
    events.appendChild(li);
  }
}

function drawControls() {
  $('rotate').textContent = V().players.length > 2 ? 'Rotate' : 'Flip';
  $('pieces').textContent = kanji ? 'Latin' : 'Kanji';
  $('download-kif').hidden = !V().kif;
}

// ---- the legend: where a pointed-at piece can go ----

async function showLegend(which) {
  const key = `${S.version}:${JSON.stringify(which)}`;
  legendKey = key;
  const q = which.square !== undefined ? `square=${which.square}` : `player=${which.player}&type=${which.type}`;
  const { ok, data } = await request('GET', `/api/piece?${q}`);
  if (!ok || legendKey !== key) return;
  const g = $('legend');
  if (!g) return;
  g.replaceChildren();
  const v = V();
  const moves = new Set(data.moves);
  const captures = new Set(data.captures);
  const jumps = new Set(data.jumps);
  const hooks = new Set(data.hooks);
  for (const s of new Set([...moves, ...captures])) {
    const cx = (s % v.files + 0.5) * CELL;
    const cy = (Math.floor(s / v.files) + 0.5) * CELL;
    const kind = moves.has(s) && captures.has(s) ? 'both' : moves.has(s) ? 'move' : 'capture';
    const attrs = { class: `legend-mark legend-${kind}`, 'data-legend': s };
    if (kind === 'both') el('circle', Object.assign(attrs, { cx, cy, r: CELL * 0.14, fill: '#1565c0' }), g);
    else if (kind === 'move') el('circle', Object.assign(attrs, { cx, cy, r: CELL * 0.14, fill: 'none', stroke: '#2e7d32', 'stroke-width': 3 }), g);
    else el('path', Object.assign(attrs, { d: `M${cx - 9},${cy - 9}L${cx + 9},${cy + 9}M${cx + 9},${cy - 9}L${cx - 9},${cy + 9}`, stroke: '#c62828', 'stroke-width': 4 }), g);
    if (jumps.has(s)) el('rect', { class: 'legend-mark legend-jump', x: cx - CELL * 0.4, y: cy - CELL * 0.4, width: CELL * 0.8, height: CELL * 0.8, fill: 'none', stroke: '#6a1b9a', 'stroke-width': 2, 'stroke-dasharray': '5 3' }, g);
    if (hooks.has(s)) el('path', { class: 'legend-mark legend-hook', d: `M${cx},${cy - CELL * 0.42}L${cx + CELL * 0.42},${cy}L${cx},${cy + CELL * 0.42}L${cx - CELL * 0.42},${cy}Z`, fill: 'none', stroke: '#ef6c00', 'stroke-width': 2 }, g);
  }
}

function clearLegend() {
  legendKey = '';
  const g = $('legend');
  if (g) g.replaceChildren();
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
  const source = ownSource(ev.target);
  if (source) {
    if (sameSource(source, selected)) {
      selected = null;
      render();
      return;
    }
    selected = source;
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
    const promote = await askPromotion();
    if (promote === null) return;
    text = candidates.find((m) => m.promote === promote).text;
  }
  selected = null;
  clearLegend();
  const ok = await act('/api/move', { move: text });
  if (!ok) render();
}

function askPromotion() {
  return new Promise((resolve) => {
    const dialog = $('promotion');
    dialog.hidden = false;
    const done = (answer) => {
      dialog.hidden = true;
      $('promote-yes').onclick = null;
      $('promote-no').onclick = null;
      resolve(answer);
    };
    $('promote-yes').onclick = () => done(true);
    $('promote-no').onclick = () => done(false);
  });
}

// ---- the panel ----

async function analyse() {
  const ms = Math.round(Number($('analyse-seconds').value) * 1000);
  const box = $('analysis');
  box.textContent = 'thinking...';
  const { ok, data } = await request('GET', `/api/analyse?ms=${ms}`);
  if (!ok) { box.textContent = data.error; return; }
  box.textContent = `after move ${data.ply}: ${data.score} (depth ${data.depth}, ${data.nodes} nodes) best line: ${data.pv.join(' ')}`;
  box.dataset.ply = data.ply;
}

async function loadVariants() {
  const { ok, data } = await request('GET', '/api/variants');
  if (!ok) return;
  const select = $('variant');
  select.replaceChildren();
  for (const v of data) {
    const o = document.createElement('option');
    o.value = v.id;
    o.textContent = v.name;
    o.dataset.players = v.players;
    select.appendChild(o);
  }
  if (S) select.value = data.some((v) => v.id === S.variant.source) ? S.variant.source : select.value;
  seatChoices();
}

function seatChoices() {
  const option = $('variant').selectedOptions[0];
  const players = option ? Number(option.dataset.players) : 2;
  const box = $('seat-choices');
  box.replaceChildren();
  for (let p = 0; p < players; ++p) {
    const label = document.createElement('label');
    label.textContent = `Player ${p + 1} `;
    const select = document.createElement('select');
    select.id = `seat-${p}`;
    for (const [value, text] of [['human', 'person'], ['random', 'random mover'],
      ['engine', 'engine (full strength)'], ['engine:10', 'engine, level 10'], ['engine:1', 'engine, level 1']]) {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = text;
      select.appendChild(o);
    }
    select.value = p === 0 ? 'human' : 'random';
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
  $('save').onclick = async () => {
    const { ok, data } = await request('POST', '/api/save', { name: $('save-name').value });
    if (!ok) showMessage(data.error);
    else { showMessage(`Saved as ${data.saved}`); loadRecordList(); }
  };
  $('load').onclick = () => act('/api/load', { name: $('load-name').value });
  $('analyse').onclick = analyse;
  $('variant').onchange = seatChoices;
  $('new-game').onsubmit = (ev) => {
    ev.preventDefault();
    const seats = [...$('seat-choices').querySelectorAll('select')].map((s) => s.value);
    const engineMs = Math.round(Number($('engine-seconds').value) * 1000);
    act('/api/new', { variant: $('variant').value, seats: seats.join(','), position: $('start-position').value.trim(), engine_ms: engineMs });
  };
  const svg = $('board');
  svg.addEventListener('pointerdown', onPointerDown);
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
}

async function main() {
  setupPanel();
  const { ok, data } = await request('GET', '/api/state');
  if (ok && data.version !== undefined) setState(data);
  else showMessage(data.error || 'no game');
  document.body.dataset.ready = '1';
  loadVariants();
  loadRecordList();
  poll();
}

main();
