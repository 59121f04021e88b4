// tartan explore: the page. Plain JavaScript with no build step and no library; every value shown comes from the
// explorer's JSON API (POST /api/..., docs/explorer.md), the same engine and the same JSON as the tartan command,
// asked through transport.js: the server of tartan explore, or in the static explorer the same API compiled to
// WebAssembly in the page's Web Workers.
//
// Positions: a row of coins (one game), a board (a product of two) or a box (three), coins numbered from 0. A coin
// is named by its coordinates joined by commas ("3", "2,5", "1,0,4"); the heads are a Set of such keys.
'use strict';

// The largest boards the page draws; larger ones are for the command line (tartan analyze, tartan table).
const MAX_ROW = 256;
const MAX_SIDE = [0, 256, 40, 12];
const MAX_LAYERS = 6;
const LISTED_OPTIONS = 1000;
const LISTED_WINNING = 500;

const $ = (id) => document.getElementById(id);

/** The largest box the page draws for a row (1), a board (2) or a box (3): one extent per axis. */
function maxSize(kind) {
  return kind === 1 ? [MAX_ROW] : kind === 2 ? [MAX_SIDE[2], MAX_SIDE[2]] : [MAX_LAYERS, MAX_SIDE[3], MAX_SIDE[3]];
}

/**
 * JSON text → its value, as JSON.parse reads it but exact: an integer beyond Number.MAX_SAFE_INTEGER (2^53 - 1)
 * becomes a BigInt, where a double would round it (576460752303423489 would read as 576460752303423500). Other
 * numbers are Numbers. Values of 64 bits and more are shown with String() and combined as BigInts, never as doubles.
 */
function parseExactJson(text) {
  if (!/\d{16}/.test(text)) return JSON.parse(text);  // no integer of 16 digits or more: JSON.parse is exact
  let at = 0;
  const fail = () => {
    throw new SyntaxError('the engine\'s answer is not JSON (at character ' + at + ')');
  };
  const space = () => {
    while (at < text.length && ' \t\r\n'.includes(text[at])) ++at;
  };
  const string = () => {
    const start = at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    if (at >= text.length) fail();
    ++at;
    return JSON.parse(text.slice(start, at));  // the escapes, read by the browser
  };
  const numberPattern = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
  const number = () => {
    numberPattern.lastIndex = at;
    const match = numberPattern.exec(text);
    if (!match) fail();
    at += match[0].length;
    if (match[1] !== undefined || match[2] !== undefined) return Number(match[0]);
    const n = Number(match[0]);
    return Number.isSafeInteger(n) ? n : BigInt(match[0]);
  };
  const value = () => {
    space();
    const c = text[at];
    if (c === '{') {
      ++at;
      const object = {};
      space();
      if (text[at] === '}') {
        ++at;
        return object;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail();
        const key = string();
        space();
        if (text[at++] !== ':') fail();
        Object.defineProperty(object, key, {value: value(), enumerable: true, writable: true, configurable: true});
        space();
        const next = text[at++];
        if (next === '}') return object;
        if (next !== ',') fail();
      }
    }
    if (c === '[') {
      ++at;
      const array = [];
      space();
      if (text[at] === ']') {
        ++at;
        return array;
      }
      for (;;) {
        array.push(value());
        space();
        const next = text[at++];
        if (next === ']') return array;
        if (next !== ',') fail();
      }
    }
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]]) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return v;
      }
    }
    return fail();
  };
  const result = value();
  space();
  if (at !== text.length) fail();
  return result;
}

/**
 * Asks /api/`endpoint` the question `body` (an object) through sendRequest (transport.js: the server, or the engine
 * in the page's Web Workers); the parsed JSON, or the text of an SVG. Throws Error(message) on a refusal.
 */
async function api(endpoint, body) {
  const reply = await sendRequest(endpoint, JSON.stringify(body));
  if (reply.status < 200 || reply.status > 299) {
    let message = 'the engine answered HTTP ' + reply.status;
    try {
      message = JSON.parse(reply.text).error || message;
    } catch (e) {
      // not JSON: keep the status
    }
    const error = new Error(message);
    error.status = reply.status;
    throw error;
  }
  return reply.type.startsWith('image/svg+xml') ? reply.text : parseExactJson(reply.text);
}

/** A note on what the page did with its input, e.g. a link's size cut to the largest board drawn. */
function showNotice(message) {
  const box = $('notice');
  box.textContent = message;
  box.hidden = !message;
}

function showError(message) {
  const box = $('error');
  box.textContent = message;
  box.hidden = !message;
}

/** Puts an SVG picture (text from the API) into `container`, as a node of the page so that its tooltips work. */
function showPicture(container, svgText) {
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  container.replaceChildren(document.importNode(doc.documentElement, true));
}

function element(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

// ---------------------------------------------------------------------------------------------------------------
// Coordinates, keys and moves.

const keyOf = (cell) => cell.join(',');
const cellOf = (key) => key.split(',').map(Number);

/** Every cell of a box of these extents, in row-major order. */
function cellsOf(size) {
  let cells = [[]];
  for (const extent of size) {
    const next = [];
    for (const prefix of cells) for (let i = 0; i < extent; ++i) next.push([...prefix, i]);
    cells = next;
  }
  return cells;
}

/** A move as the API writes it ([0, 3]; {rows, cols}; {axes}) → its axes, one coin list each. */
function axesOf(move) {
  if (Array.isArray(move)) return [move];
  if (move.rows) return [move.rows, move.cols];
  return move.axes;
}

/** Axes → the API's form of a move. */
function moveOf(axes) {
  if (axes.length === 1) return axes[0];
  if (axes.length === 2) return {rows: axes[0], cols: axes[1]};
  return {axes};
}

/** The keys of the cells a move turns: the product of its axes. */
function turnedKeys(move) {
  return new Set(cellsOfAxes(axesOf(move)).map(keyOf));
}

function cellsOfAxes(axes) {
  let cells = [[]];
  for (const axis of axes) {
    const next = [];
    for (const prefix of cells) for (const c of axis) next.push([...prefix, c]);
    cells = next;
  }
  return cells;
}

/** The coin where a move starts: the last coin of every axis (it goes from heads to tails). */
const movingKey = (move) => keyOf(axesOf(move).map((axis) => axis[axis.length - 1]));

const AXIS_NAMES = [[], ['coins'], ['rows', 'cols'], ['a', 'b', 'c']];

function moveText(move) {
  const axes = axesOf(move);
  if (axes.length === 1) return axes[0].join(' ');
  return axes.map((axis, i) => AXIS_NAMES[axes.length][i] + ' ' + axis.join(' ')).join(' × ');
}

function cellText(cell) {
  return cell.length === 1 ? 'coin ' + cell[0] : 'coin (' + cell.join(', ') + ')';
}

function valueName(cell) {
  return cell.length === 1 ? 'g(' + cell[0] + ')' : 'G(' + cell.join(', ') + ')';
}

/** The fields of a request that give a position: drawn for rows and boards, heads listed for boxes. */
function positionFields(size, heads) {
  if (size.length === 1) {
    let text = '';
    for (let i = 0; i < size[0]; ++i) text += heads.has(String(i)) ? 'H' : 'T';
    return {position: text};
  }
  if (size.length === 2) {
    const rows = [];
    for (let r = 0; r < size[0]; ++r) {
      let text = '';
      for (let c = 0; c < size[1]; ++c) text += heads.has(r + ',' + c) ? 'H' : 'T';
      rows.push(text);
    }
    return {position: rows.join('/')};
  }
  const listed = cellsOf(size).filter((cell) => heads.has(keyOf(cell)));
  return {size: size.join('x'), heads: listed.map((cell) => cell.join(':')).join(',')};
}

/** The heads of a position as the API lists them ([0, 3]; [[0, 1], ...]) → keys. */
function headsOf(list) {
  return new Set(list.map((h) => (Array.isArray(h) ? keyOf(h) : String(h))));
}

// ---------------------------------------------------------------------------------------------------------------
// The board: a row, a grid or layers of grids of coin buttons, with arrow keys between coins (one tab stop).

class Board {
  constructor(container, onCoin) {
    this.container = container;
    this.onCoin = onCoin;
    this.focusKey = null;
    this.buttons = new Map();
    this.container.addEventListener('keydown', (event) => this.key(event));
  }

  /**
   * Draws the position. view: {size, heads, values (Map key → G), winning, turned, chosen (Sets of keys),
   * showValues (g under each coin of a row), info (element for the hovered coin), disabled}.
   */
  draw(view) {
    this.view = view;
    const {size} = view;
    const hadFocus = this.container.contains(document.activeElement);
    this.buttons = new Map();
    const cells = cellsOf(size);
    if (!this.focusKey || !cells.some((cell) => keyOf(cell) === this.focusKey)) this.focusKey = keyOf(cells[0]);
    if (size.length === 1) {
      this.container.className = 'board row';
      const labels = element('div', {class: 'slot labels', 'aria-hidden': 'true'},
                             element('span', {class: 'index', text: 'n'}), element('span', {class: 'coin-space'}));
      if (view.showValues) labels.append(element('span', {class: 'g', text: 'g(n)'}));
      this.container.replaceChildren(labels, ...cells.map((cell) => {
        const slot = element('div', {class: 'slot'}, element('span', {class: 'index', text: String(cell[0])}));
        slot.append(this.coin(cell));
        if (view.showValues) {
          const g = view.values.get(keyOf(cell));
          slot.append(element('span', {class: 'g', text: g === undefined ? '' : String(g),
                                       title: 'g(' + cell[0] + ')'}));
        }
        return slot;
      }));
    } else {
      this.container.className = 'board grid';
      const layers = size.length === 3 ? size[0] : 1;
      const [rows, cols] = size.slice(-2);
      const panels = [];
      for (let a = 0; a < layers; ++a) {
        const grid = element('div', {class: 'grid-cells'});
        grid.style.gridTemplateColumns = 'auto repeat(' + cols + ', auto)';
        grid.append(element('span', {class: 'index'}));
        for (let c = 0; c < cols; ++c) grid.append(element('span', {class: 'index', text: String(c)}));
        for (let r = 0; r < rows; ++r) {
          grid.append(element('span', {class: 'index', text: String(r)}));
          for (let c = 0; c < cols; ++c) grid.append(this.coin(size.length === 3 ? [a, r, c] : [r, c]));
        }
        const panel = element('div', {class: 'layer'});
        if (size.length === 3) panel.append(element('p', {class: 'layer-title', text: 'a = ' + a}));
        panel.append(grid);
        panels.push(panel);
      }
      this.container.replaceChildren(...panels);
    }
    if (hadFocus && this.buttons.has(this.focusKey)) this.buttons.get(this.focusKey).focus();
  }

  coin(cell) {
    const key = keyOf(cell);
    const v = this.view;
    const heads = v.heads.has(key);
    const classes = ['coin', heads ? 'heads' : 'tails'];
    if (v.winning && v.winning.has(key)) classes.push('winning');
    if (v.turned && v.turned.has(key)) classes.push('turned');
    if (v.chosen && v.chosen.has(key)) classes.push('chosen');
    const value = v.values.get(key);
    const label = cellText(cell) + ', ' + (heads ? 'heads' : 'tails') +
                  (value === undefined ? '' : ', ' + valueName(cell) + ' = ' + value) +
                  (v.winning && v.winning.has(key) ? ', a winning move starts here' : '') +
                  (v.chosen && v.chosen.has(key) ? ', chosen' : '');
    const button = element('button', {type: 'button', class: classes.join(' '), 'data-coin': key,
                                      'aria-label': label, title: label, tabindex: key === this.focusKey ? '0' : '-1',
                                      text: heads ? 'H' : 'T'});
    if (v.disabled) button.disabled = true;
    button.addEventListener('click', () => {
      this.focusKey = key;
      this.onCoin(key);
    });
    const tell = () => {
      if (v.info) v.info.textContent = label.charAt(0).toUpperCase() + label.slice(1);
    };
    button.addEventListener('mouseenter', tell);
    button.addEventListener('focus', tell);
    this.buttons.set(key, button);
    return button;
  }

  key(event) {
    if (!this.view || !this.focusKey) return;
    const size = this.view.size;
    const cell = cellOf(this.focusKey);
    const last = size.length - 1;
    const step = {ArrowLeft: [last, -1], ArrowRight: [last, 1], ArrowUp: [last - 1, -1], ArrowDown: [last - 1, 1],
                  PageUp: [0, -1], PageDown: [0, 1]}[event.key];
    if (event.key === 'Home' || event.key === 'End') {
      cell[last] = event.key === 'Home' ? 0 : size[last] - 1;
    } else if (step && step[0] >= 0 && (event.key.startsWith('Arrow') || size.length === 3)) {
      const [axis, delta] = step;
      cell[axis] = Math.min(size[axis] - 1, Math.max(0, cell[axis] + delta));
    } else {
      return;
    }
    event.preventDefault();
    const next = keyOf(cell);
    const old = this.buttons.get(this.focusKey);
    if (old) old.tabIndex = -1;
    this.focusKey = next;
    const button = this.buttons.get(next);
    button.tabIndex = 0;
    button.focus();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The game and the position being explored.

const state = {
  catalogue: [],
  kind: 1,
  factors: ['mock-turtles', 'ruler', 'ruler'],
  size: [12, 8, 8],
  heads: new Set(),
  values: new Map(),
  valuesKey: '',
  analysis: null,
  history: [],
  tab: 'position',
  request: 0,  // the latest refresh, so a slow answer to an older one is dropped
  heapRequest: 0,  // the latest analysis of the heaps, likewise
  heapsAsked: '',  // heaps a link asked the heap view (or the Play tab) to open with
  sum: [],  // the Sum tab's terms: {game, size, heads} (coins) or {game, heaps: [text]} (heaps)
  sumRequest: 0,
  quotient: {bound: null, position: []},  // the Quotient tab's bound (null: the default) and the heaps clicked
  quotientRequest: 0,
};

const gameName = () => state.factors.slice(0, state.kind).join('*');
/** Misère play (the toggle): the last player to move loses; positions have an outcome and no value. */
const misere = () => $('misere').checked;
const boardSize = () => (state.kind === 1 ? [state.size[0]] : state.size.slice(0, state.kind));

function sizeText(size) {
  return size.join('x');
}

function setupFactors() {
  const focused = document.activeElement ? document.activeElement.id : '';
  const box = $('factors');
  const labels = [['Game'], ['Rows: game A', 'Columns: game B'], ['a: game A', 'Rows b: game B', 'Columns c: game C']];
  box.replaceChildren();
  for (let i = 0; i < state.kind; ++i) {
    const select = element('select', {id: 'factor-' + i});
    for (const game of state.catalogue) {
      select.append(element('option', {value: game.name, text: game.title + ' (' + game.name + ')'}));
    }
    select.append(element('option', {value: '', text: 'a code…'}));
    const code = element('input', {id: 'code-' + i, type: 'text',
                                   placeholder: 'a turning or take-and-break code, e.g. 1-3, 2-3,6C or 0.07',
                                   'aria-label': 'code of ' + labels[state.kind - 1][i]});
    const known = state.catalogue.some((g) => g.name === state.factors[i]);
    select.value = known ? state.factors[i] : '';
    code.value = known ? '' : state.factors[i];
    code.hidden = known;
    select.addEventListener('change', () => {
      code.hidden = select.value !== '';
      if (select.value !== '') {
        state.factors[i] = select.value;
        changed({keepHeads: false});
      } else {
        code.focus();
      }
    });
    code.addEventListener('change', () => {
      if (code.value.trim() === '') return;
      state.factors[i] = code.value.trim();
      changed({keepHeads: false});
    });
    box.append(element('div', {class: 'factor'}, element('label', {for: 'factor-' + i,
                                                                   text: labels[state.kind - 1][i]}), select, code));
  }
  const sizes = $('size-row');
  sizes.replaceChildren();
  const names = [['coins'], ['rows', 'columns'], ['a', 'rows b', 'columns c']][state.kind - 1];
  names.forEach((name, i) => {
    const max = maxSize(state.kind)[i];
    const input = element('input', {id: 'size-' + i, type: 'number', min: '1', max: String(max),
                                    value: String(Math.min(boardSize()[i], max))});
    input.addEventListener('change', () => {
      const n = Math.max(1, Math.min(max, Math.floor(Number(input.value)) || 1));
      input.value = String(n);
      state.size[i] = n;
      changed({keepHeads: true, controls: false});
    });
    if (i > 0) sizes.append(element('span', {text: '×'}));
    sizes.append(element('label', {for: 'size-' + i, text: name}), input);
  });
  const info = state.catalogue.find((g) => g.name === state.factors[0]);
  $('game-summary').textContent = state.kind === 1 && info ? info.title + ': ' + info.summary + ' (code ' + info.code +
                                                                 ')'
                                                           : '';
  if (focused && $(focused)) $(focused).focus();  // the controls were drawn again: keep the keyboard's place
}

/** The game or its size changed: redraw what depends on it (`controls`: the game's controls too). */
function changed({keepHeads, controls = true}) {
  const size = boardSize();
  const keys = new Set(cellsOf(size).map(keyOf));
  if (!keepHeads) state.heads = new Set();
  if (controls) state.heapsAsked = '';  // heaps of another game
  showNotice('');
  state.heads = new Set([...state.heads].filter((k) => keys.has(k)));
  state.history = [];
  if (controls) setupFactors();
  refresh();
}

function setPosition(heads, remember = true) {
  if (remember) state.history.push(state.heads);
  state.heads = heads;
  refresh();
}

/** The values shown on the board: g(n) of a row, G(a, b) of a board (the value table). */
async function loadValues(game, size) {
  const key = game + '|' + sizeText(size);
  if (state.valuesKey === key) return;
  const values = new Map();
  if (size.length === 1) {
    const answer = await api('sequence', {game, count: size[0]});
    answer.values.forEach((v, i) => values.set(String(i), v));
  } else {
    const table = await api('table', {game, size: sizeText(size)});
    const walk = (level, prefix) => level.forEach((v, i) => (Array.isArray(v) ? walk(v, [...prefix, i])
                                                                             : values.set(keyOf([...prefix, i]), v)));
    walk(table, []);
  }
  state.values = values;
  state.valuesKey = key;
}

let board;

function drawPositionBoard() {
  const a = state.analysis;
  const winning = new Set();
  if (a && $('show-winning').checked) {
    for (const m of a.winning_moves) winning.add(movingKey(m));
  }
  board.draw({size: boardSize(), heads: state.heads, values: state.values, winning, turned: state.pointed,
              showValues: state.kind === 1, info: $('coin-info')});
}

async function refresh() {
  const request = ++state.request;
  const game = gameName();
  const size = boardSize();
  writeAddress();
  $('back').disabled = state.history.length === 0;
  state.analysis = null;
  state.pointed = new Set();
  drawPositionBoard();
  try {
    await loadValues(game, size);
    if (request !== state.request) return;
    drawPositionBoard();
    // Misère play has no values, so no options with values: the outcome and the winning moves.
    const answer = await api('analyze', misere() ? {game, ...positionFields(size, state.heads), limit: LISTED_WINNING,
                                                    misere: true}
                                                 : {game, ...positionFields(size, state.heads), limit: LISTED_WINNING,
                                                    options: LISTED_OPTIONS});
    if (request !== state.request) return;
    state.analysis = answer;
    showError('');
    showAnalysis();
  } catch (error) {
    if (request !== state.request) return;
    showError(error.message);
    $('value').textContent = '…';
    $('winning').replaceChildren();
    $('outcome').replaceChildren();
    $('formula').textContent = '';
    $('options').replaceChildren();
    $('options-more').textContent = '';
  }
  refreshView();
}

function outcomeNode(value) {
  const n = value !== 0;
  return element('span', {}, element('span', {class: 'badge ' + (n ? 'N' : 'P'), text: n ? 'N' : 'P'}),
                 n ? 'the player to move wins' : 'the player to move loses against good play');
}

/**
 * What a misère outcome ('N', 'P', or null when the solving stopped first) means, in words: the outcome's letter is
 * shown once, beside it (in normal play the badge is the outcome and the value stands before it).
 */
function misereOutcomeText(outcome, terminal) {
  if (!outcome) return 'not solved within the explorer\'s time limit';
  if (terminal) return 'no move is left: the player to move wins';
  return outcome === 'N' ? 'the player to move wins' : 'the player to move loses against good play';
}

/**
 * A button for a move of the position explored, leaving `value`: pointing at it shows its coins on the board,
 * choosing it makes it. `text` replaces the list's "coins → value" form.
 */
function moveButton(move, value, text, label) {
  const winning = value === 0;
  const button = text ? element('button', {type: 'button', text})
                      : element('button', {type: 'button'},
                                element('span', {class: 'move', text: (winning ? '★ ' : '') + moveText(move)}),
                                element('span', {class: 'after', text: '→ ' + value}));
  button.dataset.move = JSON.stringify(move);
  button.dataset.value = String(value);
  button.setAttribute('aria-label', label || 'turn ' + moveText(move) + ', leaves value ' + value +
                                                 (winning ? ', a winning move' : ''));
  const point = () => {
    state.pointed = turnedKeys(move);
    drawPositionBoard();
  };
  const unpoint = () => {
    state.pointed = new Set();
    drawPositionBoard();
  };
  button.addEventListener('mouseenter', point);
  button.addEventListener('focus', point);
  button.addEventListener('mouseleave', unpoint);
  button.addEventListener('blur', unpoint);
  button.addEventListener('click', () => {
    const next = new Set(state.heads);
    for (const key of turnedKeys(move)) (next.has(key) ? next.delete(key) : next.add(key));
    setPosition(next);
  });
  return button;
}

/** The analysis of a position in misère play: its outcome, how it was found, its winning moves; no value. */
function showMisereAnalysis(a) {
  $('value-label').textContent = 'misère play, outcome';
  $('value').textContent = a.outcome || '?';
  $('outcome').replaceChildren(misereOutcomeText(a.outcome, a.terminal));
  const how = a.method === 'sweep' ? 'every position up to it, ' : 'the positions reachable from it, ';
  $('formula').textContent = 'The player who makes the last move loses. A position is solved as a whole (' + how +
                             a.positions_solved + ' solved): its outcome is not the values\' XOR.';
  showHeapView(a);
  const winning = $('winning');
  if (a.terminal) {
    winning.replaceChildren('No move is left: in misère play the player to move wins at once.');
  } else if (a.outcome !== 'N') {
    winning.replaceChildren(a.outcome === 'P' ? 'No winning move: every move leaves an N-position.'
                                              : a.stopped || '');
  } else {
    winning.replaceChildren(element('span', {text: 'Winning moves (each leaves a P-position):'}),
                            ...a.winning_moves.slice(0, 12).map((m) => moveButton(
                                m, 0, '★ turn ' + moveText(m), 'turn ' + moveText(m) + ', a winning move')));
  }
  $('options').replaceChildren();
  $('options-title').textContent = 'Options';
  $('options-more').textContent = 'Misère play has no values, so the options are not listed with them: the winning ' +
                                  'moves above are the moves to a P-position.';
  drawPositionBoard();
}

function showAnalysis() {
  const a = state.analysis;
  if (a.play === 'misère') return showMisereAnalysis(a);
  $('value-label').textContent = 'value';
  $('value').textContent = String(a.value);
  $('outcome').replaceChildren(outcomeNode(a.value));
  // The value as the XOR of the heads coins' values, while it fits a line.
  const heads = a.position.map((h) => (Array.isArray(h) ? h : [h]));
  if (heads.length === 0) {
    $('formula').textContent = 'No heads coin: value 0, and the player to move has no move.';
  } else if (heads.length <= 10) {
    const names = heads.map(valueName).join(' ⊕ ');
    const values = heads.map((cell) => state.values.get(keyOf(cell)));
    // The values written out only when they are those of this position and their XOR, taken exactly (BigInt), is
    // the value the engine answered.
    const known = values.every((v) => v !== undefined) &&
                  values.reduce((x, v) => x ^ BigInt(v), 0n) === BigInt(a.value);
    $('formula').textContent = 'value = ' + names + (heads.length > 1 && known ? ' = ' + values.join(' ⊕ ') : '') +
                               ' = ' + a.value + ', the nim sum (XOR) of the heads coins\' values';
  } else {
    $('formula').textContent = 'value = the nim sum (XOR) of the values of the ' + heads.length + ' heads coins';
  }
  showHeapView(a);
  const winning = $('winning');
  if (a.value === 0) {
    winning.replaceChildren('No winning move: every move leaves a non-zero value.');
  } else {
    const shown = a.winning_moves.slice(0, 12);
    winning.replaceChildren(element('span', {text: 'Winning moves:'}),
                            ...shown.map((m) => moveButton(m, 0, '★ turn ' + moveText(m))));
    if (a.winning_moves.length > shown.length) {
      winning.append(element('span', {class: 'hint', text: 'and ' + (a.winning_moves.length - shown.length) +
                                                           ' more below'}));
    }
  }
  // A board's moves are longer, and so are values of many digits: wider columns.
  $('options').classList.toggle('wide', boardSize().length > 1 || a.options.some((o) => String(o.value).length > 9));
  $('options').replaceChildren(...a.options.map((option) => {
    const button = moveButton(option.move, option.value);
    return element('li', {class: option.value === 0 ? 'winning' : ''}, button);
  }));
  const count = a.options.length;
  const wins = a.options.filter((o) => o.value === 0).length;
  $('options-title').textContent = 'Options (' + count + (a.options_complete ? '' : '+') + ', ' + wins +
                                   (wins === 1 ? ' winning)' : ' winning)');
  $('options-more').textContent = a.options_complete ? (count === 0 ? 'No legal move: the player to move loses.' : '')
                                                     : 'The first ' + count + ' options are listed.';
  drawPositionBoard();
}

// ---------------------------------------------------------------------------------------------------------------
// Heaps: a take-and-break game's position as heaps (equal heaps kept), its winning moves as heap moves.

/**
 * Heaps as the server reads them: their text, "5,7,9" (heaps past 2^53 are BigInts, which JSON.stringify refuses and
 * a double would round), or the text as typed.
 */
const heapsText = (heaps) => (Array.isArray(heaps) ? heaps.map(String).join(',') : heaps);

/** A take-and-break code holds a point, '!' or '{' (0.77, 4!.0, S{1,3,4}); turning codes hold none of them. */
const isTakeBreak = (code) => /[.!{]/.test(code || '');

/** "take 2 from the heap of 7, leaving heaps of 1 and 4", as tartan analyze --heaps writes it. */
function heapMoveText(m) {
  const left = m.leaving.map(String);
  const heaps = left.length > 1 ? left.slice(0, -1).join(', ') + ' and ' + left[left.length - 1] : left.join('');
  const from = 'the heap of ' + m.from;
  if (Number(m.take) === 0) return 'split ' + from + ' into ' + heaps;
  const taken = 'take ' + m.take + ' from ' + from + ', leaving ';
  if (left.length === 0) return taken + 'nothing';
  return taken + (left.length === 1 ? 'a heap of ' : 'heaps of ') + heaps;
}

/**
 * The words that depend on the convention: the heap view's explanation (equal heaps cancel as coins in normal play,
 * and do not in misère play) and what the hints give (the value, or the misère outcome).
 */
function conventionTexts() {
  $('heaps-hint').textContent = misere()
      ? 'In misère play the heaps are a game of their own: equal heaps do not cancel (two heaps of 2 are a ' +
            'P-position, no heap at all an N-position), so the heaps are not the row\'s coin form, where equal heaps ' +
            'cancel. They are answered through the game\'s misère quotient: each heap has a class, and the heaps are ' +
            'a P-position exactly when their classes multiply into the P-portion. Give the heaps (equal heaps ' +
            'allowed) to see their outcome and winning moves; choose one to make it.'
      : 'A take-and-break game is played on heaps: heap n is coin n, and two equal heaps cancel as coins. Give the ' +
            'heaps (equal heaps allowed) to see the winning moves as a player makes them; choose one to make it.';
  $('hints-label').textContent = misere() ? 'Hints: the misère outcome and a winning move (one leaving a P-position)'
                                          : 'Hints: the value and a winning move';
}

/** Shows the heap view for a row of a take-and-break game, its heaps first taken from the position's heads. */
function showHeapView(a) {
  conventionTexts();
  const shown = boardSize().length === 1 && isTakeBreak(a.code);
  const view = $('heap-view');
  const game = gameName();
  if (shown && view.dataset.game !== game) {
    view.dataset.game = game;
    $('heaps').value = a.position.join(',');
    $('heaps-line').textContent = '';
    $('heap-moves').replaceChildren();
  }
  view.hidden = !shown;
}

async function analyseHeaps() {
  const request = ++state.heapRequest;
  try {
    const a = await api('analyze', {game: gameName(), heaps: $('heaps').value, limit: 100, misere: misere()});
    if (request !== state.heapRequest) return;
    $('heaps').value = a.heaps.join(',');
    state.heapsAsked = a.heaps.join(',');  // a link carries the heaps analysed
    writeAddress();
    if (a.play === 'misère') {
      // The genera of the heaps (tame or not), then the outcome: in misère play heaps do not cancel as coins do.
      // Through the quotient: its order, presentation and period, and each heap's class beside it.
      const genera = a.genera.map((g) => g.heap + ': ' + g.genus).join(', ');
      const q = a.quotient;
      const how = a.method === 'quotient' ?
          'the misère quotient of the heaps up to ' + q.bound + ', order ' + q.order + ', ' + q.p_portion_size +
              ' P-elements, ' + q.presentation +
              (q.period ? ', period ' + q.period.period + ' from heap ' + q.period.start + ' proven' : '') +
              '; classes ' + q.classes.map((c) => c.heap + ': ' + c['class']).join(', ') + '; position ' +
              q.position_class :
          a.method === 'genus' ? 'the genus method' : 'the plain search';
      $('heaps-line').replaceChildren('heaps ' + (a.heaps.length ? a.heaps.join(' ') : 'none') +
                                          ' in misère play (' + how +
                                          (genera ? '; genera ' + genera : '') + '): outcome ',
                                      element('strong', {text: a.outcome || '?'}),
                                      ', ' + misereOutcomeText(a.outcome, a.terminal));
    } else {
      $('heaps-line').replaceChildren('heaps ' + (a.heaps.length ? a.heaps.join(' ') : 'none') + ': value ',
                                      element('strong', {text: String(a.value)}), ' ',
                                      element('span', {class: 'outcome'}, outcomeNode(a.value)),
                                      a.period ? ' (values: ' + a.period.method + ')' : '');
    }
    $('heap-moves').replaceChildren(...a.winning_moves.map((m) => {
      const button = element('button', {type: 'button', text: '★ ' + heapMoveText(m)});
      button.addEventListener('click', () => {
        const next = a.heaps.map(String);
        next.splice(next.indexOf(String(m.from)), 1, ...m.leaving.map(String));
        $('heaps').value = next.join(',');
        analyseHeaps();
      });
      return element('li', {class: 'winning'}, button);
    }));
    if (a.winning_moves.length === 100) {
      $('heap-moves').append(element('li', {class: 'hint', text: 'The first 100 winning moves are listed.'}));
    }
  } catch (error) {
    if (request !== state.heapRequest) return;
    $('heaps-line').textContent = error.message;
    $('heap-moves').replaceChildren();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The Sum tab: terms of any games (coins or heaps), the sum's value or misère outcome, its winning moves by term.

/** A term's position as the API and links write it: drawn (HTTH, HT/TH), SIZE=HEADS for a box, or heaps=5,7,9. */
function termText(term) {
  if (term.heaps) return 'heaps=' + term.heaps.join(',');
  const fields = positionFields(term.size, term.heads);
  return fields.position !== undefined ? fields.position : fields.size + '=' + (fields.heads || '');
}

/** The terms as /api/analyze and /api/play take them. */
function termsForApi(terms) {
  return terms.map((t) => (t.heaps ? {game: t.game, heaps: t.heaps.join(',')} : {game: t.game, position: termText(t)}));
}

/** The coins of "a-b" (or "a"), within `extent`; null when it is not such a range. */
function rangeOf(text, extent) {
  const m = /^([0-9]+)(?:-([0-9]+))?$/.exec(text);
  if (!m) return null;
  const low = Number(m[1]), high = m[2] === undefined ? low : Number(m[2]);
  if (low > high || high >= extent) return null;
  return Array.from({length: high - low + 1}, (_, i) => low + i);
}

/**
 * A term read from its text as a sum's term is written (game, then a position drawn, SIZE=HEADS or heaps=...), within
 * what the page draws: {term, note} (a note for what was changed), or {error}. The engine reads the game and checks
 * the rest when the sum is analysed.
 */
function readTerm(game, text) {
  if (!game) return {error: 'it names no game'};
  if (text.startsWith('heaps=')) {
    const heaps = text.slice(6).split(',').map((h) => h.trim()).filter((h) => h !== '');
    if (!heaps.every((h) => /^[0-9]{1,20}$/.test(h))) return {error: 'its heaps are not sizes such as 3,4'};
    return {term: {game, heaps}};
  }
  const kind = Math.min(3, game.split('*').length);
  const max = maxSize(kind);
  const equals = text.indexOf('=');
  let size, heads = new Set(), note = '';
  if (equals < 0) {
    const rows = text.split('/');
    if (rows.length !== (kind === 1 ? 1 : kind === 2 ? rows.length : 0) || kind === 3 || text === '') {
      return {error: 'its position ' + JSON.stringify(text.slice(0, 20)) + ' is not drawn for ' +
                     (kind === 3 ? 'a box (give SIZE=HEADS)' : kind === 1 ? 'a row' : 'a board')};
    }
    size = kind === 1 ? [rows[0].length] : [rows.length, Math.max(...rows.map((r) => r.length))];
    rows.forEach((row, r) => [...row].forEach((ch, c) => {
      if (coinOf(ch) === null) note = 'holds characters that are neither H nor T, read as tails';
      if (coinOf(ch)) heads.add(kind === 1 ? String(c) : r + ',' + c);
    }));
  } else {
    const extents = text.slice(0, equals).split('x');
    if (extents.length !== kind || !extents.every((e) => /^[1-9][0-9]{0,9}$/.test(e))) {
      return {error: 'its size ' + JSON.stringify(text.slice(0, equals).slice(0, 20)) + ' has not one extent per game'};
    }
    size = extents.map(Number);
    const list = text.slice(equals + 1);
    if (list === 'all') {
      heads = new Set(cellsOf(size.map((n, i) => Math.min(n, max[i]))).map(keyOf));
    } else if (list !== '') {
      for (const item of list.split(',')) {
        const ranges = item.split(':').map((r, i) => rangeOf(r, size[i]));
        if (ranges.length !== kind || ranges.some((r) => r === null)) {
          return {error: 'its heads ' + JSON.stringify(item.slice(0, 20)) + ' are not coins of ' + sizeText(size)};
        }
        for (const cell of cellsOfAxes(ranges)) {
          const key = keyOf(cell);
          heads.has(key) ? heads.delete(key) : heads.add(key);  // a coin listed twice is tails, as the CLI reads it
        }
      }
    }
  }
  if (size.some((n, i) => n > max[i])) {
    const cut = size.map((n, i) => Math.min(n, max[i]));
    heads = new Set([...heads].filter((k) => cellOf(k).every((x, i) => x < cut[i])));
    note = 'is cut from ' + sizeText(size) + ' to ' + sizeText(cut) + ', what the page draws';
    size = cut;
  }
  return {term: {game, size, heads}, note};
}

/** What the Sum tab shows of the terms: their boards (coins clickable) and heaps, with values or classes. */
let sumBoards = [];

function drawSum() {
  const list = $('sum-terms');
  sumBoards = [];
  const a = state.sumAnalysis;
  list.replaceChildren(...state.sum.map((term, i) => {
    const said = a && a.sum[i] ? (a.sum[i].value !== undefined ? 'value ' + a.sum[i].value
                                                               : a.sum[i]['class'] ? 'class ' + a.sum[i]['class'] : '')
                               : '';
    const remove = element('button', {type: 'button', class: 'remove', 'aria-label': 'remove term ' + i,
                                      text: 'Remove'});
    remove.addEventListener('click', () => {
      state.sum.splice(i, 1);
      sumChanged();
    });
    const head = element('p', {class: 'term-head'}, element('strong', {text: 'term ' + i + ': '}),
                         term.game + (term.heaps ? ', heaps' : ', ' + (term.size.length === 1 ? 'a row of ' +
                                                                                      term.size[0] + ' coins'
                                                                                  : sizeText(term.size))),
                         said ? ' — ' : '', said ? element('span', {class: 'term-value', text: said}) : '', ' ',
                         remove);
    const item = element('li', {'data-term': String(i)}, head);
    if (term.heaps) {
      const field = element('input', {type: 'text', size: '20', value: term.heaps.join(','),
                                      'aria-label': 'the heaps of term ' + i});
      field.addEventListener('change', () => {
        const read = readTerm(term.game, 'heaps=' + field.value.replace(/\s+/g, ''));
        if (read.error) {
          $('sum-line').textContent = 'term ' + i + ': ' + read.error;
          return;
        }
        state.sum[i] = read.term;
        sumChanged();
      });
      item.append(element('label', {}, 'heaps ', field), element('span', {class: 'tokens', 'aria-hidden': 'true',
                                                                          text: heapTokens(term.heaps)}));
    } else {
      const container = element('div', {class: 'board small'});
      item.append(container);
      const board = new Board(container, (key) => {
        term.heads.has(key) ? term.heads.delete(key) : term.heads.add(key);
        sumChanged();
      });
      sumBoards[i] = board;
    }
    return item;
  }));
  drawSumBoards();
  $('sum-play').disabled = state.sum.length === 0;
  $('sum-add-heaps').disabled = !takeBreakRow();
  if (!state.sum.length) {
    $('sum-line').textContent = 'No term yet: add the position shown, its heaps, or a term typed below.';
    $('sum-formula').textContent = '';
    $('sum-moves').replaceChildren();
  } else if (state.sumKey !== JSON.stringify([termsForApi(state.sum), misere()])) {
    analyseSum();
  }
}

/** The heaps as rows of tokens (24 at most each), for the eye; their sizes are written beside them. */
function heapTokens(heaps) {
  return heaps.map((h) => (h.length <= 2 && Number(h) <= 24 ? '●'.repeat(Number(h)) : '●'.repeat(24) + '…'))
      .join('  ');
}

function drawSumBoards() {
  state.sum.forEach((term, i) => {
    if (!sumBoards[i]) return;
    sumBoards[i].draw({size: term.size, heads: term.heads, values: new Map(), winning: state.sumWinning &&
                       state.sumWinning.get(i), turned: state.sumPointed && state.sumPointed.term === i ?
                       state.sumPointed.keys : new Set(), showValues: false, info: null});
  });
}

function sumChanged() {
  state.sumAnalysis = null;
  state.sumKey = '';
  writeAddress();
  drawSum();
}

/** A move of a sum in words: "turn 0 3", or the heap move's. */
function sumMoveText(term, move) {
  return state.sum[term] && state.sum[term].heaps ? heapMoveText(move) : 'turn ' + moveText(move);
}

async function analyseSum() {
  const request = ++state.sumRequest;
  const key = JSON.stringify([termsForApi(state.sum), misere()]);
  state.sumKey = key;
  try {
    const a = await api('analyze', {terms: termsForApi(state.sum), limit: 500, misere: misere()});
    if (request !== state.sumRequest) return;
    state.sumAnalysis = a;
    showSum(a);
  } catch (error) {
    if (request !== state.sumRequest) return;
    state.sumKey = '';
    $('sum-line').textContent = error.message;
    $('sum-formula').textContent = '';
    $('sum-moves').replaceChildren();
  }
}

function showSum(a) {
  // The values or classes beside the terms, drawn again with the answer.
  state.sumWinning = new Map();
  for (const m of a.winning_moves) {
    if (state.sum[m.term] && !state.sum[m.term].heaps) {
      if (!state.sumWinning.has(m.term)) state.sumWinning.set(m.term, new Set());
      state.sumWinning.get(m.term).add(movingKey(m.move));
    }
  }
  const key = state.sumKey;
  drawSum();
  state.sumKey = key;
  if (a.play === 'misère') {
    $('sum-line').replaceChildren('misère play, outcome ', element('strong', {text: a.outcome || '?'}), ' ' +
                                  misereOutcomeText(a.outcome, a.terminal));
    const q = a.quotient;
    if (q) {
      const bound = q.heaps !== undefined ? 'the heaps up to ' + q.heaps : 'the rows up to ' + q.rows;
      $('sum-formula').textContent = 'Through the misère quotient of ' + bound + ' (order ' + q.order + ', ' +
                                     q.p_portion_size + ' P-elements; ' + q.presentation + '): the terms\' classes ' +
                                     a.sum.map((t) => t['class']).join(' · ') + ' multiply to ' + q.position_class +
                                     ', ' + (a.outcome === 'P' ? 'in' : 'not in') + ' the P-portion.';
    } else {
      $('sum-formula').textContent = 'The terms are of different games, so the sum is searched by the definition (' +
                                     a.positions_solved + ' positions solved).';
    }
  } else {
    $('sum-line').replaceChildren('value ', element('strong', {text: String(a.value)}), ' ',
                                  element('span', {class: 'outcome'}, outcomeNode(a.value)));
    $('sum-formula').textContent = 'value = ' + a.sum.map((t) => String(t.value)).join(' ⊕ ') + ' = ' + a.value +
                                   ', the XOR of the terms\' values; a move wins when it leads its term to its value ⊕ ' +
                                   a.value;
  }
  $('sum-moves').replaceChildren(...a.winning_moves.map((m) => {
    const text = 'term ' + m.term + ': ' + sumMoveText(m.term, m.move);
    const button = element('button', {type: 'button', text: '★ ' + text, 'data-term': String(m.term),
                                      'data-move': JSON.stringify(m.move)});
    const point = () => {
      state.sumPointed = state.sum[m.term].heaps ? null : {term: m.term, keys: turnedKeys(m.move)};
      drawSumBoards();
    };
    button.addEventListener('mouseenter', point);
    button.addEventListener('focus', point);
    button.addEventListener('click', () => makeSumMove(m.term, m.move));
    return element('li', {class: 'winning'}, button);
  }));
  if (!a.winning_moves.length) {
    $('sum-moves').append(element('li', {class: 'hint', text: a.terminal ? 'No term has a move.'
                                                               : 'No winning move: every move leaves the other ' +
                                                                     'player a winning position.'}));
  }
}

/** Makes a move in the Sum tab's term `term`: turns its coins, or replaces the heap by the heaps it leaves. */
function makeSumMove(term, move) {
  const t = state.sum[term];
  if (t.heaps) {
    const heaps = [...t.heaps];
    heaps.splice(heaps.indexOf(String(move.from)), 1, ...move.leaving.map(String));
    state.sum[term] = {game: t.game, heaps: heaps.sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1))};
  } else {
    for (const key of turnedKeys(move)) (t.heads.has(key) ? t.heads.delete(key) : t.heads.add(key));
  }
  state.sumPointed = null;
  sumChanged();
}

function addSumTerm(term) {
  state.sum.push(term);
  sumChanged();
}

// ---------------------------------------------------------------------------------------------------------------
// The Quotient tab: the misère quotient of the game's heaps (a take-and-break game) or rows (a turning game), its
// summary and picture (the engine's, as tartan quotient --svg draws it), and positions built by clicking heaps.

/** What the quotient is of: 'heaps', 'rows', or null for a product (whose boards have no quotient here). */
function quotientKind() {
  if (state.kind !== 1) return null;
  return takeBreakRow() ? 'heaps' : 'rows';
}

/** The bound asked: heaps up to N (default 200), or rows of at most N coins (default 4). */
function quotientBound() {
  if (state.quotient.bound !== null) return state.quotient.bound;
  return quotientKind() === 'heaps' ? 200 : 4;
}

function quotientRequest(extra) {
  const body = {game: gameName(), ...extra};
  body[quotientKind() === 'heaps' ? 'heaps' : 'coins'] = quotientBound();
  return body;
}

function prepareQuotient() {
  const kind = quotientKind();
  $('quotient-draw').disabled = kind === null;
  $('quotient-bound-label').textContent = kind === 'rows' ? 'rows of at most (coins)' : 'heaps up to';
  if (kind === null) {
    $('quotient-summary').replaceChildren(element('li', {text: 'A misère quotient is built for the heaps of a ' +
                                                               'take-and-break game or the rows of a turning game: ' +
                                                               'choose one game.'}));
    $('quotient-picture').replaceChildren();
    return;
  }
  const key = gameName() + '|' + quotientBound();
  if ($('quotient-picture').dataset.for !== key) {
    $('quotient-bound').value = String(quotientBound());
    drawQuotient();
  }
}

async function drawQuotient() {
  const request = ++state.quotientRequest;
  const key = gameName() + '|' + quotientBound();
  $('quotient-summary').replaceChildren(element('li', {text: 'Building the quotient…'}));
  try {
    const [q, picture] = await Promise.all([api('quotient', quotientRequest({})),
                                            api('quotient', quotientRequest({format: 'svg',
                                                                            strip: Math.min(quotientBound(), 4095)}))]);
    if (request !== state.quotientRequest) return;
    state.quotientAnswer = q;
    const unit = q.components === 'rows' ? 'row' : 'heap';
    const generators = q.generators.map((g) => g.name + ' = ' + unit + ' ' + (g.heap !== undefined ? g.heap : g.row));
    $('quotient-summary').replaceChildren(...[
      'order ' + q.order + ', P-portion of ' + q.p_portion_size + ': ' + q.p_portion.join(', '),
      'presentation: ' + q.presentation,
      'generators: ' + (generators.length ? generators.join(', ') : 'none'),
      'proven: ' + q.claim + (q.complete ? '' : ' (stopped: ' + q.stopped + ')'),
    ].map((line) => element('li', {text: line})));
    showPicture($('quotient-picture'), picture);
    $('quotient-picture').dataset.for = key;
    for (const cell of $('quotient-picture').querySelectorAll('[data-heap], g.row[data-row]')) {
      cell.setAttribute('tabindex', '0');
      cell.setAttribute('role', 'button');
      const add = () => {
        state.quotient.position.push(cell.dataset.heap !== undefined ? cell.dataset.heap : cell.dataset.row);
        writeAddress();
        answerQuotientPosition();
      };
      cell.addEventListener('click', add);
      cell.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          add();
        }
      });
    }
    answerQuotientPosition();
  } catch (error) {
    if (request !== state.quotientRequest) return;
    $('quotient-summary').replaceChildren(element('li', {text: error.message}));
    $('quotient-picture').replaceChildren();
  }
}

/** The clicked heaps' classes, their product and its outcome, through the same quotient (the engine's answer). */
async function answerQuotientPosition() {
  const shown = state.quotient.position;
  const unit = quotientKind() === 'rows' ? 'rows' : 'heaps';
  $('quotient-position').textContent = 'position: ' + (shown.length ? unit + ' ' + shown.join(' ') : 'none');
  if (!shown.length) {
    $('quotient-answer').textContent = '';
    return;
  }
  const request = state.quotientPositionRequest = (state.quotientPositionRequest || 0) + 1;
  try {
    const position = quotientKind() === 'rows' ? shown.map(Number) : shown.join(',');
    const q = await api('quotient', quotientRequest({position}));
    if (request !== state.quotientPositionRequest) return;
    const p = q.position;
    $('quotient-answer').replaceChildren(unit + ' ' + (p.heaps || p.rows).join(' ') + ': classes ' +
                                         p.classes.join(' · ') + ' = ', element('strong', {text: p['class']}),
                                         (p.outcome === 'P' ? ', in the P-portion: outcome P, ' : ', not in the ' +
                                                                  'P-portion: outcome N, ') +
                                         misereOutcomeText(p.outcome, false) + ' (misère play)');
  } catch (error) {
    if (request !== state.quotientPositionRequest) return;
    $('quotient-answer').textContent = error.message;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The address: the game, the size and the position, so that a link opens the same position.

function writeAddress() {
  const params = new URLSearchParams();
  params.set('game', gameName());
  params.set('size', sizeText(boardSize()));
  const fields = positionFields(boardSize(), state.heads);
  if (fields.position !== undefined) params.set('position', fields.position);
  else params.set('heads', fields.heads);
  if (state.tab !== 'position') params.set('view', state.tab);
  if (misere()) params.set('misere', '1');
  for (const term of state.sum) params.append('term', term.game + ':' + termText(term));
  if (state.tab === 'quotient') {
    if (state.quotient.bound !== null) params.set('quotient', String(state.quotient.bound));
    if (state.quotient.position.length) params.set('qposition', state.quotient.position.join(','));
  }
  if (state.heapsAsked) params.set('heaps', state.heapsAsked);
  const hash = '#' + params.toString();
  if (location.hash !== hash) history.replaceState(null, '', hash);
  $('share-link').value = location.href;
}

/** The parameters a link may hold; any other is left out with a notice. */
const LINK_PARAMETERS = ['game', 'size', 'position', 'heads', 'view', 'misere', 'term', 'quotient', 'qposition', 'heaps'];

/** A character of a drawn position: true for heads (H, h, 1), false for tails (T, t, 0), null for anything else. */
function coinOf(ch) {
  if (ch === 'H' || ch === 'h' || ch === '1') return true;
  if (ch === 'T' || ch === 't' || ch === '0') return false;
  return null;
}

/** A character of a link, quoted for a notice: 'X', or its code point when it is not printable. */
function quoteChar(ch) {
  return /^[\x21-\x7e\u00a1-\uffff]$/u.test(ch) ? '\'' + ch + '\'' : 'U+' + ch.codePointAt(0).toString(16).toUpperCase();
}

/**
 * Reads the state from the address; false when it names no game. A link is input like any other, and the page keeps
 * the promise of docs/explorer.md: whatever it changes, a notice says. A size or a position beyond the largest box the
 * page draws is cut to it; heads outside the box, a fourth factor, characters of a position that are neither H nor T,
 * a size that disagrees with the position drawn, a view or a parameter the page does not know: each is left out or
 * read one way, and said (the size fields show what is drawn).
 */
function readAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  const game = params.get('game');
  if (!game) return false;
  const notes = [];
  const factors = game.split('*');
  if (factors.length > 3) {
    notes.push('it names ' + factors.length + ' games and the page draws products of at most three, so the first ' +
               'three (' + factors.slice(0, 3).join('*') + ') are shown');
  }
  state.kind = Math.min(3, factors.length);
  factors.slice(0, 3).forEach((f, i) => (state.factors[i] = f));
  const max = maxSize(state.kind);
  // The size the link asks for, extent by extent (null where it asks for none), before it is cut to `max`.
  let asked = null;
  const sizeParam = params.get('size');
  if (sizeParam !== null) {
    const extents = sizeParam.split('x');
    const valid = extents.every((e) => /^[1-9][0-9]{0,15}$/.test(e));
    if (valid && extents.length === state.kind) {
      asked = extents.map(Number);
    } else if (valid && factors.length > 3 && extents.length === factors.length) {
      asked = extents.slice(0, 3).map(Number);
      notes.push('its size ' + sizeParam + ' has one extent per game, so the first three, ' + sizeText(asked) +
                 ', are read');
    } else {
      notes.push('its size ' + JSON.stringify(sizeParam.slice(0, 40)) + ' is not ' +
                 ['a number of coins', 'RxC', 'AxBxC'][state.kind - 1] + ', and is left out');
    }
  }
  const heads = new Set();
  const position = params.get('position');
  let drawnSize = null;  // the size of the position drawn in the link
  if (position && state.kind === 3) {
    notes.push('a box\'s position is given by its heads (heads=a:b:c,...), not drawn, so its position is left out');
  } else if (position) {
    // Only the coins inside the largest box drawn are read, so a long position costs no more than a short one.
    const rows = position.split('/', state.kind === 1 ? 1 : max[0] + 1);
    const strange = [];  // [character, coin] of the characters read that are neither H nor T
    const read = (ch, cell) => {
      const h = coinOf(ch);
      if (h === null) strange.push([ch, cell]);
      return h === true;
    };
    if (state.kind === 1) {
      if (position.includes('/')) notes.push('its row holds a \'/\', which draws a board, so the row ends there');
      drawnSize = [rows[0].length];
      for (let i = 0; i < Math.min(drawnSize[0], max[0]); ++i) if (read(rows[0][i], String(i))) heads.add(String(i));
    } else {
      const lengths = rows.map((r) => r.length);
      drawnSize = [(position.match(/\//g) || []).length + 1, Math.max(...lengths)];
      if (lengths.some((n) => n !== drawnSize[1])) {
        notes.push('its rows are not all ' + drawnSize[1] + ' coins long, so the shorter ones end in tails');
      }
      rows.slice(0, max[0]).forEach((row, r) => {
        for (let c = 0; c < Math.min(row.length, max[1]); ++c) if (read(row[c], r + ',' + c)) heads.add(r + ',' + c);
      });
    }
    if (strange.length > 0) {
      const [ch, key] = strange[0];
      notes.push('its position holds ' + quoteChar(ch) + ' at ' + cellText(cellOf(key)) +
                 (strange.length > 1 ? ' and ' + (strange.length - 1) + ' more characters' : '') +
                 ' that ' + (strange.length > 1 ? 'are' : 'is') + ' neither H nor T, read as tails (T)');
    }
    if (asked !== null && drawnSize.some((n, i) => n !== asked[i])) {
      notes.push('its size ' + sizeText(asked) + ' differs from its position\'s, ' + sizeText(drawnSize) +
                 (state.kind === 1 ? ' coins' : '') + ', so the position\'s is used');
    }
    asked = drawnSize;
  }
  const size = (asked || boardSize().map((n, i) => Math.min(n, max[i]))).map((n, i) => Math.min(n, max[i]));
  if (asked !== null && asked.some((n, i) => n > max[i])) {
    notes.push('it asks for ' + (state.kind === 1 ? asked[0] + ' coins' : 'a size of ' + sizeText(asked)) +
               ' and the page draws at most ' + (state.kind === 1 ? max[0] + ' coins' : sizeText(max)) + ', so ' +
               (state.kind === 1 ? 'the first ' + size[0] + ' coins are' : sizeText(size) + ' is') +
               ' shown (tartan analyze takes any size)');
  }
  if (params.get('heads') !== null && position) {
    notes.push('it gives both a drawn position and heads, so its heads are left out');
  } else if (params.get('heads')) {
    let outside = 0;
    for (const item of params.get('heads').split(',')) {
      const cell = item.split(':');
      if (cell.length === state.kind && cell.every((x, i) => /^[0-9]+$/.test(x) && Number(x) < size[i])) {
        heads.add(cell.map(Number).join(','));
      } else {
        ++outside;
      }
    }
    if (outside > 0) {
      const drawn = state.kind === 1 ? 'row of ' + size[0] + ' coins'
                                     : sizeText(size) + (state.kind === 2 ? ' board' : ' box');
      notes.push(outside + (outside === 1 ? ' of its heads is' : ' of its heads are') + ' not a coin of the ' + drawn +
                 ' drawn, and ' + (outside === 1 ? 'is' : 'are') + ' left out');
    }
  }
  size.forEach((n, i) => (state.size[i] = n));
  state.heads = heads;
  const view = params.get('view');
  state.tab = 'position';
  if (view !== null && TABS.includes(view)) {
    state.tab = view;
  } else if (view !== null) {
    notes.push('its view ' + JSON.stringify(view.slice(0, 20)) + ' is not one of the page\'s (' + TABS.join(', ') +
               '), so the position is shown');
  }
  const miserePlay = params.get('misere');
  if (miserePlay !== null && miserePlay !== '1' && miserePlay !== '0') {
    notes.push('its misere=' + JSON.stringify(miserePlay.slice(0, 20)) + ' is neither 1 nor 0, so normal play is shown');
  }
  $('misere').checked = miserePlay === '1';
  // The Sum tab's terms (term=GAME:POSITION, repeated), the Quotient tab's bound and clicked heaps, the heaps the
  // heap view or the Play tab open with.
  state.sum = [];
  params.getAll('term').forEach((text, i) => {
    const colon = text.indexOf(':');
    const term = colon > 0 ? readTerm(text.slice(0, colon), text.slice(colon + 1)) : {error: 'it has no GAME:POSITION'};
    if (term.error) {
      notes.push('its term ' + JSON.stringify(text.slice(0, 40)) + ' (term ' + i + ') is left out: ' + term.error);
    } else {
      if (term.note) notes.push('its term ' + i + ' ' + term.note);
      state.sum.push(term.term);
    }
  });
  const bound = params.get('quotient');
  state.quotient = {bound: null, position: []};
  if (bound !== null && /^[0-9]{1,7}$/.test(bound)) {
    state.quotient.bound = Number(bound);
  } else if (bound !== null) {
    notes.push('its quotient=' + JSON.stringify(bound.slice(0, 20)) + ' is not a bound, so the default is used');
  }
  const clicked = params.get('qposition');
  if (clicked) state.quotient.position = clicked.split(',').map((x) => x.trim()).filter((x) => x !== '');
  state.heapsAsked = params.get('heaps') || '';
  const unknown = [...new Set([...params.keys()].filter((k) => !LINK_PARAMETERS.includes(k)))];
  if (unknown.length > 0) {
    notes.push('the page reads no ' + unknown.map((k) => JSON.stringify(k.slice(0, 20))).join(', ') +
               (unknown.length === 1 ? ' parameter' : ' parameters') + ', which ' + (unknown.length === 1 ? 'is' : 'are') +
               ' left out');
  }
  document.querySelector('input[name="kind"][value="' + state.kind + '"]').checked = true;
  showNotice(notes.length ? 'The link was read with changes: ' + notes.join('; ') + '.' : '');
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Views: tabs with the arrow keys between them (the WAI-ARIA tabs pattern).

const TABS = ['position', 'sum', 'play', 'quotient', 'sequence', 'table', 'verify', 'tour'];

function selectTab(name, focus) {
  state.tab = name;
  for (const tab of TABS) {
    const button = $('tab-' + tab);
    const selected = tab === name;
    button.setAttribute('aria-selected', String(selected));
    button.tabIndex = selected ? 0 : -1;
    $('view-' + tab).hidden = !selected;
    if (selected && focus) button.focus();
  }
  writeAddress();
  refreshView();
}

function refreshView() {
  if (state.tab === 'sum') drawSum();
  if (state.tab === 'quotient') prepareQuotient();
  if (state.tab === 'sequence') prepareSequence();
  if (state.tab === 'table') prepareTable();
  if (state.tab === 'verify') prepareVerify();
  if (state.tab === 'play' && !play.started) drawPlay();
}

// ---------------------------------------------------------------------------------------------------------------
// Play against the engine (POST /api/play: the person's move and the engine's reply).

const play = {
  started: false,
  game: '',
  size: [1],
  heads: new Set(),
  chosen: new Set(),
  turned: new Set(),
  over: false,
  undo: [],  // positions before each of the person's moves (and the engine's reply), for Undo
  log: [],
  seed: 1,
  hint: null,
  busy: false,
  misere: false,  // the game is played in misère play (the toggle when it started)
};

let playBoard;

function playStatus(text, over) {
  const status = $('play-status');
  status.textContent = text;
  status.classList.toggle('over', Boolean(over));
}

function drawPlay() {
  $('play-sum-mode').hidden = state.sum.length === 0;
  $('play-heap-mode').hidden = !takeBreakRow() || sumMode();
  const heaps = heapMode() && !sumMode();
  $('play-coin-area').hidden = heaps || sumMode();
  $('play-heap-area').hidden = !heaps;
  $('play-sum-area').hidden = !sumMode();
  $('play-random').disabled = sumMode();  // a sum starts from its terms
  if (sumMode()) {
    drawSumPlay();
    return;
  }
  if (heaps) {
    drawHeapPlay();
    return;
  }
  const size = play.started ? play.size : boardSize();
  const heads = play.started ? play.heads : state.heads;
  const hintKeys = play.hint && $('hints').checked ? turnedKeys(play.hint) : new Set();
  // The coins the move chosen so far would turn (on a board, every coin of its rows × columns), else the engine's
  // last move, else the hint.
  const axes = chosenAxes();
  const turned = axes ? turnedKeys(moveOf(axes)) : play.turned.size ? play.turned : hintKeys;
  playBoard.draw({size, heads, values: play.started ? play.values : state.values, chosen: play.chosen, turned,
                  // g(n) under the coins with hints on, in normal play: misère play has no values to guide it.
                  showValues: $('hints').checked && size.length === 1 && !(play.started ? play.misere : misere()),
                  disabled: !play.started || play.over || play.busy});
  $('play-choice').textContent = axes ? 'turn ' + moveText(moveOf(axes)) : '';
  $('play-move').disabled = !axes || play.over || play.busy;
  $('play-clear').disabled = play.chosen.size === 0;
  $('play-undo').disabled = play.undo.length === 0 || play.busy;
  $('play-log').replaceChildren(...play.log.map((line) => element('li', {text: line})));
}

/** The move the chosen coins make: the coins of a row; on a board, the rows × columns they span. */
function chosenAxes() {
  if (play.chosen.size === 0) return null;
  const cells = [...play.chosen].map(cellOf);
  return play.size.map((_, axis) => [...new Set(cells.map((cell) => cell[axis]))].sort((x, y) => x - y));
}

async function startGame(heads) {
  if (sumMode()) {
    await startSumGame();
    return;
  }
  if (heapMode()) {
    await startHeapGame(heads);
    return;
  }
  play.started = true;
  play.game = gameName();
  play.size = boardSize();
  play.values = state.values;
  play.heads = heads;
  play.chosen = new Set();
  play.turned = new Set();
  play.over = false;
  play.undo = [];
  play.log = [];
  play.hint = null;
  play.seed = Math.floor(Math.random() * 2 ** 31);
  play.misere = misere();  // the game keeps the convention it started with
  if ($('first-engine').checked) {
    await playRequest(null);
  } else {
    await yourTurn(play.misere ? 'Misère play: the last player to move loses. You move first.' : 'You move first.');
  }
}

async function yourTurn(before) {
  const noHeads = play.heads.size === 0;
  const how = play.size.length === 1 ? 'choose the coins to turn (the last of them must be heads)'
                                      : 'choose coins at two opposite corners of the rows × columns to turn (where ' +
                                        'the last row and column meet must be heads)';
  playStatus(before + (noHeads ? '' : ' Your turn: ' + how + ', then Play move.'));
  await updateHint();
  drawPlay();
}

/** With hints on: the value of the position to move from and one winning move, from /api/analyze. */
async function updateHint() {
  play.hint = null;
  const hint = $('play-hint');
  hint.hidden = !$('hints').checked || !play.started || play.over;
  if (hint.hidden) return;
  try {
    const a = await api('analyze', {game: play.game, ...positionFields(play.size, play.heads), limit: 1,
                                    misere: play.misere});
    play.hint = a.winning_moves.length ? a.winning_moves[0] : null;
    if (play.misere) {
      hint.textContent = 'Misère outcome ' + (a.outcome || '?') + ': ' +
                         (play.hint ? 'you can win; a winning move: turn ' + moveText(play.hint)
                                    : a.outcome === 'P' ? 'every move leaves an N-position; hope the engine errs'
                                                        : 'no winning move found in time');
    } else {
      hint.textContent = 'Value ' + a.value + ': ' + (a.value !== 0 ? 'you can win; a winning move: turn ' +
                                                                      moveText(play.hint)
                                                                    : 'every move leaves a non-zero value; ' +
                                                                      'hope the engine errs');
    }
  } catch (error) {
    hint.textContent = error.message;
  }
}

async function playRequest(move) {
  play.busy = true;
  drawPlay();
  const before = new Set(play.heads);
  try {
    const body = {game: play.game, ...positionFields(play.size, play.heads), seed: play.seed++};
    if (move) body.move = move;
    if (play.misere) body.misere = true;
    const answer = await api('play', body);
    if (move) play.undo.push(before);
    play.heads = headsOf(answer.position);
    play.chosen = new Set();
    play.turned = new Set();
    let engine = null;
    for (const made of answer.moves) {
      if (made.by === 'you') {
        play.log.push('you: turn ' + moveText(made.move));
      } else {
        engine = made.move;
        play.log.push('engine: turn ' + moveText(made.move));
        play.turned = turnedKeys(made.move);
      }
    }
    play.over = answer.over;
    play.busy = false;
    const said = engine ? 'The engine turned ' + moveText(engine) + '.' : '';
    if (answer.over) {
      play.hint = null;
      $('play-hint').hidden = true;
      // In misère play the player left without a move wins: the one who made the last move lost.
      const misereEnd = answer.winner === 'engine'
                            ? 'The engine wins: it has no move left, and in misère play the last player to move (you) ' +
                                  'loses.'
                            : 'You win! You have no move left: the engine made the last move, which loses in misère ' +
                                  'play.';
      const ended = play.misere ? misereEnd
                                : (answer.winner === 'engine' ? 'The engine wins: you have no move left.'
                                                              : 'You win! The engine has no move left.');
      playStatus(answer.winner === 'engine' && said ? said + ' ' + ended : ended, true);
      drawPlay();
    } else {
      await yourTurn(said);
    }
  } catch (error) {
    play.busy = false;
    playStatus(error.status === 400 && move ? 'Not a move: ' + error.message : error.message);
    drawPlay();
  }
}

function undoMove() {
  if (sumMode()) {
    undoSumMove();
    return;
  }
  if (heapMode()) {
    undoHeapMove();
    return;
  }
  if (play.undo.length === 0) return;
  play.heads = play.undo.pop();
  play.log = play.log.slice(0, Math.max(0, play.log.length - 2));
  if (play.undo.length === 0 && $('first-engine').checked) play.log = play.log.slice(0, 1);
  play.over = false;
  play.chosen = new Set();
  play.turned = new Set();
  yourTurn('Move taken back.');
}

function randomHeads(size) {
  return new Set(cellsOf(size).filter(() => Math.random() < 0.5).map(keyOf));
}

// ---------------------------------------------------------------------------------------------------------------
// Play on heaps: a take-and-break game against the engine with the moves in heap notation (POST /api/play with
// "heaps"), the engine replying in heap moves; hints, undo, and at the end (or with hints on) every move's values
// before and after it, as tartan play --heaps reviews a game.

const heapPlay = {
  started: false,
  game: '',
  heaps: [],
  over: false,
  undo: [],  // {heaps, log}: the heaps and the log's length before each of the person's moves
  log: [],   // the moves made, as /api/play answers them: {by, move: {take, from, leaving, text}, before, after, ...}
  seed: 1,
  busy: false,
  misere: false,  // the game is played in misère play (the toggle when it started)
};

/** The game is one take-and-break game, played on a row: it can be played on heaps too. */
function takeBreakRow() {
  if (state.kind !== 1) return false;
  const info = state.catalogue.find((g) => g.name === state.factors[0]);
  return isTakeBreak(info ? info.code : state.factors[0]);
}

const heapMode = () => takeBreakRow() && $('play-on-heaps').checked;

/** A move's verdict in words, as the review of tartan play says it (in misère play, by the misère outcomes). */
function verdictText(made) {
  const misereGame = heapPlay.misere;
  if (made.verdict === 'winning') return 'a winning move';
  if (made.verdict === 'mistake') {
    if (!made.better) return 'a mistake';
    return 'a mistake: ' + made.better.text + (misereGame ? ' would have left a P-position' : ' would have left 0');
  }
  return misereGame ? 'from a P-position every move loses' : 'from value 0 every move loses';
}

/** A heap move's standing before and after it, as the review says it: values, or misère outcomes. */
function heapStanding(made) {
  return heapPlay.misere ? 'outcome ' + made.outcome_before + ' → ' + made.outcome_after
                         : 'value ' + made.before + ' → ' + made.after;
}

function drawHeapPlay() {
  const list = $('play-heap-list');
  const heaps = heapPlay.started ? heapPlay.heaps : [];
  list.replaceChildren(...heaps.map((h) => {
    const button = element('button', {type: 'button', class: 'heap', 'data-heap': String(h),
                                      'aria-label': 'the heap of ' + h + ': start a move from it'},
                           element('strong', {text: String(h)}),
                           element('span', {class: 'tokens', 'aria-hidden': 'true',
                                            text: h <= 24 ? '●'.repeat(h) : '●'.repeat(24) + '…'}));
    button.disabled = heapPlay.over || heapPlay.busy;
    button.addEventListener('click', () => {
      const field = $('play-heap-move');
      field.value = 'take 1 from ' + h + (h > 1 ? ' leaving ' + (BigInt(h) - 1n) : '');  // heaps past 2^53: BigInts
      field.focus();
      field.select();
      drawHeapPlay();
    });
    return element('li', {}, button);
  }));
  if (heapPlay.started && heaps.length === 0) list.append(element('li', {class: 'hint', text: 'No heap is left.'}));
  const reviewed = heapPlay.over || $('hints').checked;
  $('play-log').replaceChildren(...heapPlay.log.map((made) => element('li', {
    text: (made.by === 'you' ? 'you: ' : 'engine: ') + made.move.text +
          (reviewed ? ' (' + heapStanding(made) + ', ' + verdictText(made) + ')' : ''),
  })));
  $('play-heap-submit').disabled = !heapPlay.started || heapPlay.over || heapPlay.busy ||
                                   $('play-heap-move').value.trim() === '';
  $('play-undo').disabled = heapPlay.undo.length === 0 || heapPlay.busy;
}

async function startHeapGame(heads) {
  heapPlay.started = true;
  heapPlay.game = gameName();
  const asked = $('play-heaps').value.trim() !== '' ? $('play-heaps').value  // as typed: the engine reads and checks it
                                                    : [...heads].map(Number).sort((x, y) => x - y);
  heapPlay.heaps = [];
  heapPlay.over = false;
  heapPlay.undo = [];
  heapPlay.log = [];
  heapPlay.seed = Math.floor(Math.random() * 2 ** 31);
  heapPlay.misere = misere();  // the game keeps the convention it started with
  $('play-heap-move').value = '';
  // The engine moves first, or the heaps are shown as the engine reads them (sorted, checked, over or not).
  await heapRequest(null, $('first-engine').checked, asked);
}

async function yourHeapTurn(before) {
  playStatus(before + (heapPlay.heaps.length ? ' Your turn: type a heap move (or choose a heap), then Play move.'
                                             : ''));
  await updateHeapHint();
  drawHeapPlay();
}

/** With hints on: the heaps' value and one winning heap move, from /api/analyze. */
async function updateHeapHint() {
  const hint = $('play-hint');
  hint.hidden = !$('hints').checked || !heapPlay.started || heapPlay.over;
  if (hint.hidden) return;
  try {
    const a = await api('analyze',
                        {game: heapPlay.game, heaps: heapsText(heapPlay.heaps), limit: 1, misere: heapPlay.misere});
    if (heapPlay.misere) {
      const move = a.winning_moves.length ? a.winning_moves[0] : null;
      // Why it wins, through the quotient: the heaps are a sum of one term, whose hint says the class it leaves.
      let said = move ? heapMoveText(move) : '';
      if (move && a.method === 'quotient') {
        const sum = await api('play', {terms: [{game: heapPlay.game, heaps: heapsText(heapPlay.heaps)}], misere: true,
                                       hint: true, reply: false});
        if (sum.hint && sum.hint.why) {
          said = sum.hint.text + ': it leaves heaps of class ' + sum.hint.why.sum_class + ' (they were ' +
                 sum.hint.why.class_before + '), in the P-portion of the quotient, so a P-position';
        }
      }
      hint.textContent = 'Misère outcome ' + (a.outcome || '?') + ': ' +
                         (move ? 'you can win; a winning move: ' + said
                               : a.outcome === 'P' ? 'every move leaves an N-position; hope the engine errs'
                                                   : 'no winning move found in time');
      return;
    }
    hint.textContent = 'Value ' + a.value + ': ' + (a.value !== 0 ? 'you can win; a winning move: ' +
                                                                    heapMoveText(a.winning_moves[0])
                                                                  : 'every move leaves a non-zero value; ' +
                                                                    'hope the engine errs');
  } catch (error) {
    hint.textContent = error.message;
  }
}

/** The person's move (words), if any, and the engine's reply unless `reply` is false, from `heaps`. */
async function heapRequest(move, reply = true, heaps = heapPlay.heaps) {
  heapPlay.busy = true;
  drawHeapPlay();
  const before = {heaps: heapPlay.heaps, log: heapPlay.log.length};
  try {
    const body = {game: heapPlay.game, heaps: heapsText(heaps), seed: heapPlay.seed++};
    if (move) body.move = move;
    if (!reply) body.reply = false;
    if (heapPlay.misere) body.misere = true;
    const answer = await api('play', body);
    if (move) heapPlay.undo.push(before);
    heapPlay.heaps = answer.heaps;
    $('play-heaps').value = answer.heaps.join(',');
    let engine = null;
    for (const made of answer.moves) {
      heapPlay.log.push(made);
      if (made.by === 'engine') engine = made.move;
    }
    heapPlay.over = answer.over;
    heapPlay.busy = false;
    $('play-heap-move').value = '';
    const first = heapPlay.misere ? 'Misère play: the last player to move loses. You move first.' : 'You move first.';
    const said = engine ? 'The engine: ' + engine.text + '.' : answer.moves.length ? '' : first;
    if (answer.over) {
      $('play-hint').hidden = true;
      // In misère play the player left without a move wins: the one who made the last move lost.
      const ended = !heapPlay.misere ? (answer.winner === 'engine' ? 'The engine wins: no heap can move.'
                                                                   : 'You win! No heap can move.')
                    : answer.winner === 'engine'
                        ? 'The engine wins: no heap can move, and in misère play the last player to move (you) loses.'
                        : 'You win! No heap can move: the engine made the last move, which loses in misère play.';
      playStatus((engine ? said + ' ' : '') + ended, true);
      drawHeapPlay();
    } else {
      await yourHeapTurn(said);
    }
  } catch (error) {
    heapPlay.busy = false;
    if (heapPlay.log.length === 0 && !move) heapPlay.started = false;  // the heaps given were refused
    playStatus(error.status === 400 && move ? 'Not a move: ' + error.message : error.message);
    drawHeapPlay();
  }
}

function undoHeapMove() {
  if (heapPlay.undo.length === 0) return;
  const back = heapPlay.undo.pop();
  heapPlay.heaps = back.heaps;
  heapPlay.log = heapPlay.log.slice(0, back.log);
  heapPlay.over = false;
  $('play-heaps').value = back.heaps.join(',');
  yourHeapTurn('Move taken back.');
}

/** A random start of 2 to 4 heaps, each of 1 to the row's length - 1 tokens (at least 1). */
function randomHeaps() {
  const most = Math.max(1, boardSize()[0] - 1);
  const count = 2 + Math.floor(Math.random() * 3);
  return Array.from({length: count}, () => 1 + Math.floor(Math.random() * most)).sort((x, y) => x - y);
}

// ---------------------------------------------------------------------------------------------------------------
// Play on a sum: the Sum tab's terms against the engine (POST /api/play with "terms"), moves typed TERM: MOVE or
// started by clicking a coin or a heap; hints say what a winning move leaves (the value, or the class in misère play).

const sumPlay = {
  started: false,
  terms: [],   // the terms now, as the page holds them ({game, size, heads} or {game, heaps})
  over: false,
  undo: [],    // {terms, log}: before each of the person's moves
  log: [],     // the moves made: {by, term, move, text}
  seed: 1,
  busy: false,
  misere: false,
  answer: null,  // the latest answer of /api/play
};
let sumPlayBoards = [];

const sumMode = () => state.sum.length > 0 && $('play-on-sum').checked;

/** A term of /api/play's answer as the page holds it. */
function termOfAnswer(t) {
  if (t.heaps) return {game: t.game, heaps: t.heaps.map(String)};
  if (t.position !== undefined) return readTerm(t.game, t.position).term;
  return {game: t.game, size: t.size, heads: headsOf(t.heads)};
}

function copyTerms(terms) {
  return terms.map((t) => (t.heaps ? {game: t.game, heaps: [...t.heaps]}
                                   : {game: t.game, size: [...t.size], heads: new Set(t.heads)}));
}

function drawSumPlay() {
  const a = sumPlay.answer;
  sumPlayBoards = [];
  $('play-sum-terms').replaceChildren(...sumPlay.terms.map((term, i) => {
    const t = a && a.sum[i];
    const said = !$('hints').checked && !sumPlay.over ? '' : t && t.value !== undefined ? ' — value ' + t.value
                                                          : t && t['class'] ? ' — class ' + t['class'] : '';
    const item = element('li', {'data-term': String(i)}, element('p', {class: 'term-head'},
                                                                 element('strong', {text: 'term ' + i + ': '}),
                                                                 term.game + said));
    if (term.heaps) {
      const heaps = element('ol', {class: 'heaps'});
      heaps.append(...term.heaps.map((h) => {
        const button = element('button', {type: 'button', class: 'heap', 'data-heap': h,
                                          'aria-label': 'term ' + i + ', the heap of ' + h + ': start a move from it'},
                               element('strong', {text: h}),
                               element('span', {class: 'tokens', 'aria-hidden': 'true', text: heapTokens([h])}));
        button.disabled = sumPlay.over || sumPlay.busy;
        button.addEventListener('click', () => {
          const field = $('play-sum-move');
          field.value = i + ': take 1 from ' + h + (BigInt(h) > 1n ? ' leaving ' + (BigInt(h) - 1n) : '');
          field.focus();
          drawSumPlay();
        });
        return element('li', {}, button);
      }));
      if (!term.heaps.length) heaps.append(element('li', {class: 'hint', text: 'No heap is left.'}));
      item.append(heaps);
    } else {
      const container = element('div', {class: 'board small'});
      item.append(container);
      const board = new Board(container, (key) => {
        if (!sumPlay.started || sumPlay.over || sumPlay.busy) return;
        // A coin clicked adds it to a move in this term: the coins typed after "i: ".
        const field = $('play-sum-move');
        const m = /^\s*([0-9]+)\s*:(.*)$/.exec(field.value);
        const coins = m && Number(m[1]) === i ? m[2].trim().split(/\s+/).filter((x) => x !== '') : [];
        const cell = cellOf(key);
        const text = cell.length === 1 ? String(cell[0]) : null;
        if (text === null) {
          field.value = i + ': ';  // boards: rows and columns are typed
        } else {
          const at = coins.indexOf(text);
          at >= 0 ? coins.splice(at, 1) : coins.push(text);
          coins.sort((x, y) => Number(x) - Number(y));
          field.value = i + ': ' + coins.join(' ');
        }
        field.focus();
        drawSumPlay();
      });
      board.draw({size: term.size, heads: term.heads, values: new Map(), showValues: false, info: null,
                  disabled: !sumPlay.started || sumPlay.over || sumPlay.busy});
      sumPlayBoards[i] = board;
    }
    return item;
  }));
  $('play-log').replaceChildren(...sumPlay.log.map((made) => element('li', {
    text: (made.by === 'you' ? 'you, term ' : 'engine, term ') + made.term + ': ' + made.text,
  })));
  $('play-sum-submit').disabled = !sumPlay.started || sumPlay.over || sumPlay.busy ||
                                  $('play-sum-move').value.trim() === '';
  $('play-undo').disabled = sumPlay.undo.length === 0 || sumPlay.busy;
}

async function startSumGame() {
  sumPlay.started = true;
  sumPlay.terms = copyTerms(state.sum);
  sumPlay.over = false;
  sumPlay.undo = [];
  sumPlay.log = [];
  sumPlay.answer = null;
  sumPlay.seed = Math.floor(Math.random() * 2 ** 31);
  sumPlay.misere = misere();
  $('play-sum-move').value = '';
  await sumRequest(null, $('first-engine').checked);
}

/** Reads "TERM: MOVE" as /api/play takes it: {term, move}, the move as JSON coins or a heap move's words. */
function sumMoveOf(text) {
  const m = /^\s*(?:term\s*)?([0-9]+)\s*:(.*)$/.exec(text);
  if (!m) throw new Error('type the term, a colon, then its move: 0: 1 3, or 1: take 2 from 7 leaving 1 4');
  const term = Number(m[1]);
  const t = sumPlay.terms[term];
  if (!t) throw new Error('there is no term ' + term + '; the terms are numbered 0 to ' + (sumPlay.terms.length - 1));
  if (t.heaps) return {term, move: m[2].trim()};
  // Coins: "1 3" on a row; "rows 1 4 cols 2 5" or "1 4; 2 5" on a board; lists joined by ';' on a box.
  const words = m[2].trim().toLowerCase().replace(/rows?|cols?|columns?/g, ';').split(';').map((x) => x.trim())
                    .filter((x) => x !== '');
  const axes = words.map((w) => w.split(/[\s,]+/).map(Number));
  if (axes.length !== t.size.length || axes.some((a) => a.some((c) => !Number.isInteger(c) || c < 0))) {
    throw new Error('term ' + term + ' takes ' + (t.size.length === 1 ? 'the coins to turn, e.g. ' + term + ': 1 3'
                                                                      : 'one list of coins per axis, e.g. ' + term +
                                                                            ': rows 1 cols 2'));
  }
  return {term, move: moveOf(axes.map((a) => a.sort((x, y) => x - y)))};
}

/** The person's move (text), if any, and the engine's reply unless `reply` is false. */
async function sumRequest(text, reply = true) {
  sumPlay.busy = true;
  drawSumPlay();
  const before = {terms: copyTerms(sumPlay.terms), log: sumPlay.log.length};
  try {
    const body = {terms: termsForApi(sumPlay.terms), seed: sumPlay.seed++, hint: $('hints').checked};
    if (text !== null) body.move = sumMoveOf(text);
    if (!reply) body.reply = false;
    if (sumPlay.misere) body.misere = true;
    const answer = await api('play', body);
    if (text !== null) sumPlay.undo.push(before);
    sumPlay.answer = answer;
    sumPlay.terms = answer.sum.map(termOfAnswer);
    for (const made of answer.moves) sumPlay.log.push(made);
    sumPlay.over = answer.over;
    sumPlay.busy = false;
    $('play-sum-move').value = '';
    const engine = answer.moves.filter((m) => m.by === 'engine').pop();
    const said = engine ? 'The engine, term ' + engine.term + ': ' + engine.text + '.' : '';
    showSumHint(answer);
    if (answer.over) {
      $('play-hint').hidden = true;
      const ended = !sumPlay.misere ? (answer.winner === 'engine' ? 'The engine wins: no term has a move.'
                                                                  : 'You win! No term has a move.')
                    : answer.winner === 'engine'
                        ? 'The engine wins: no term has a move, and in misère play the last player to move (you) ' +
                              'loses.'
                        : 'You win! No term has a move: the engine made the last move, which loses in misère play.';
      playStatus((said ? said + ' ' : '') + ended, true);
    } else {
      playStatus((said ? said + ' ' : sumPlay.log.length ? '' : (sumPlay.misere ? 'Misère play: the last player ' +
                                                                                       'to move loses. ' : '') +
                                                                   'You move first. ') +
                 'Your turn: type the term, a colon, then its move (or click a coin or a heap), then Play move.');
    }
  } catch (error) {
    sumPlay.busy = false;
    if (sumPlay.log.length === 0 && text === null) sumPlay.started = false;
    playStatus(text !== null && (!error.status || error.status === 400) ? 'Not a move: ' + error.message
                                                                         : error.message);
  }
  drawSumPlay();
}

/** The hint of the answer, with what its move leaves: the values (normal play) or the classes (misère play). */
function showSumHint(answer) {
  const box = $('play-hint');
  box.hidden = !$('hints').checked || answer.over;
  if (box.hidden) return;
  const h = answer.hint;
  const standing = sumPlay.misere ? 'Misère outcome ' + answer.outcome : 'Value ' + answer.value;
  if (!h) {
    box.textContent = standing + ': ' + (answer.outcome === 'P' ? 'every move leaves the engine a winning position; ' +
                                                                  'hope it errs'
                                                                : 'no winning move found in time');
    return;
  }
  let why = '';
  if (h.why && h.why.sum_after !== undefined) {
    why = ': it leaves term ' + h.term + ' at value ' + h.why.term_after + ' instead of ' + h.why.term_before +
          ', so the terms\' values XOR to ' + h.why.sum_after;
  } else if (h.why && h.why.sum_class !== undefined) {
    why = ': it leaves term ' + h.term + ' of class ' + h.why.class_after + ' instead of ' + h.why.class_before +
          ', so the sum\'s class is ' + h.why.sum_class + ', in the P-portion';
  } else {
    why = ': it leaves a P-position (the sum searched by the definition)';
  }
  box.textContent = standing + ': you can win; a winning move: term ' + h.term + ': ' + h.text + why + '.';
}

function undoSumMove() {
  if (sumPlay.undo.length === 0) return;
  const back = sumPlay.undo.pop();
  sumPlay.terms = back.terms;
  sumPlay.log = sumPlay.log.slice(0, back.log);
  sumPlay.over = false;
  sumRequest(null, false).then(() => playStatus('Move taken back. Your turn.'));
}

// ---------------------------------------------------------------------------------------------------------------
// The sequence plot, the value table's heat map and the verification: pictures drawn by the engine, as the
// command line's --svg draws them.

function prepareSequence() {
  const select = $('seq-factor');
  const factors = [...new Set(state.factors.slice(0, state.kind))];
  if (select.dataset.for !== factors.join('*')) {
    select.replaceChildren(...factors.map((f) => element('option', {value: f, text: f})));
    select.dataset.for = factors.join('*');
    drawSequence();
  }
}

async function drawSequence() {
  const game = $('seq-factor').value;
  const count = Math.max(1, Math.min(100000, Math.floor(Number($('seq-count').value)) || 64));
  try {
    const [picture, answer] = await Promise.all([api('sequence', {game, count, format: 'svg'}),
                                                 api('sequence', {game, count, period: true})]);
    showPicture($('seq-plot'), picture);
    const shown = answer.values.slice(0, 256);
    $('seq-values').textContent = 'g(0..' + (shown.length - 1) + ') = ' + shown.join(' ') +
                                  (count > shown.length ? ' …' : '');
    $('seq-summary').replaceChildren(...summaryLines(answer).map((line) => element('li', {text: line})));
    showError('');
  } catch (error) {
    showError(error.message);
  }
}

// The sequence's summary as `tartan seq GAME N --period` prints it: the period, the largest value and where it is
// first reached, and a take-and-break game's rare values (the columns of published octal tables).
function summaryLines(answer) {
  const last = answer.values.length - 1;
  const lines = [];
  const p = answer.period;
  if (p) {
    const s = BigInt(p.saltus);
    lines.push('period: g(n + ' + p.period + ') = g(n)' + (s !== 0n ? ' + ' + p.saltus : '') + ' for n ≥ ' +
               p.preperiod + ' (preperiod ' + p.preperiod + ', period ' + p.period + (s !== 0n ? ', saltus ' +
               p.saltus : '') + '), ' + (p.proven ? 'proven' : 'not proven') + ': ' + p.why);
  } else {
    lines.push('period: none found in g(0..' + last + ')');
  }
  const top = answer.largest;
  lines.push((top.all ? 'largest value: ' : 'largest value so far: ') + top.value + ', first at n = ' + top.at +
             (top.all ? ' (of every n: the period is proven)' : ''));
  const rare = answer.rare;
  if (rare) {
    lines.push((rare.all ? 'rare values: ' : 'rare values so far: ') + 'mask ' + rare.mask_hex + ' (' + rare.variant +
               '), ' + rare.count + (String(rare.count) === '1' ? ' rare heap' : ' rare heaps') +
               (rare.last !== null ? ', the last at n = ' + rare.last : '') +
               (rare.all ? ' (all of them: none in the proven period)' : ''));
  } else if (answer.rare_note) {
    lines.push('rare values: not counted (' + answer.rare_note + ')');
  }
  return lines;
}

function prepareTable() {
  const product = state.kind >= 2;
  $('table-draw').disabled = !product;
  if (!product) {
    $('table-map').replaceChildren(element('p', {class: 'hint', text: 'A value table belongs to a product: choose ' +
                                                                      'a product of two or three games.'}));
    return;
  }
  const size = sizeText(boardSize());
  if ($('table-map').dataset.for !== gameName() + '|' + size) {
    $('table-size').value = size;
    drawTable();
  }
}

async function drawTable() {
  const size = $('table-size').value.trim();
  try {
    showPicture($('table-map'), await api('table', {game: gameName(), size, format: 'svg'}));
    $('table-map').dataset.for = gameName() + '|' + size;
    showError('');
  } catch (error) {
    showError(error.message);
  }
}

const verify = {job: null, timer: null};

function prepareVerify() {
  const product = state.kind >= 2;
  $('verify-start').disabled = !product || verify.job !== null;
  const status = $('verify-status');
  // A report belongs to the game it verified: another game starts afresh.
  if (verify.job === null && status.dataset.for !== gameName()) {
    status.dataset.for = gameName();
    status.className = 'verify-status';
    status.textContent = '';
    $('verify-picture').replaceChildren();
    $('verify-mismatches').replaceChildren();
    $('verify-progress').value = 0;
    $('verify-percent').textContent = '0%';
    if (product) $('verify-size').value = sizeText(boardSize().map((n) => Math.max(n, 16)));
  }
  if (!product) status.textContent = 'The Tartan theorem is about products: choose a product of two or three games.';
}

async function startVerify() {
  const size = $('verify-size').value.trim();
  const threads = Math.max(1, Math.floor(Number($('verify-threads').value)) || 1);
  $('verify-picture').replaceChildren();
  $('verify-mismatches').replaceChildren();
  $('verify-status').className = 'verify-status';
  try {
    const job = await api('verify', {game: gameName(), size, threads});
    verify.job = job.job;
    $('verify-start').disabled = true;
    $('verify-cancel').disabled = false;
    showJob(job);
    verify.timer = setInterval(pollVerify, 250);
    showError('');
  } catch (error) {
    $('verify-status').textContent = error.message;
  }
}

async function pollVerify() {
  if (verify.job === null) return;
  try {
    showJob(await api('verify/status', {job: verify.job}));
  } catch (error) {
    endVerify();
    $('verify-status').textContent = error.message;
  }
}

async function cancelVerify() {
  if (verify.job === null) return;
  $('verify-cancel').disabled = true;
  try {
    showJob(await api('verify/cancel', {job: verify.job}));
  } catch (error) {
    $('verify-status').textContent = error.message;
  }
}

function endVerify() {
  clearInterval(verify.timer);
  verify.job = null;
  $('verify-start').disabled = state.kind < 2;
  $('verify-cancel').disabled = true;
}

async function showJob(job) {
  const fraction = job.progress || 0;
  $('verify-progress').value = fraction;
  $('verify-percent').textContent = Math.floor(fraction * 100) + '%';
  const status = $('verify-status');
  if (job.status === 'running') {
    status.textContent = 'Verifying ' + gameName() + '…';
    return;
  }
  const id = job.job;
  endVerify();
  if (job.status === 'failed') {
    status.textContent = job.error;
    return;
  }
  const r = job.result;
  const cells = r.size.reduce((x, y) => x * BigInt(y), 1n);
  const summary = r.checked + ' of ' + cells + ' cells of ' + r.size.join('x') + ' checked in ' +
                  r.seconds.toFixed(3) + ' s on ' + r.threads + (r.threads === 1 ? ' thread' : ' threads') + ', ' +
                  r.mismatches + (r.mismatches === 1 ? ' mismatch' : ' mismatches');
  if (job.status === 'done') {
    status.textContent = summary + (r.mismatches === 0 ? ': every cell agrees with the Tartan theorem.' : '.');
    status.classList.add(r.mismatches === 0 ? 'ok' : 'mismatch');
    try {
      showPicture($('verify-picture'), await api('verify/svg', {job: id}));
    } catch (error) {
      $('verify-picture').replaceChildren(element('p', {class: 'hint', text: error.message}));
    }
  } else {
    status.textContent = (job.status === 'cancelled' ? 'Cancelled: ' : 'Stopped: ') + summary + '.' +
                         (job.stopped && job.status === 'stopped' ? ' ' + job.stopped : '');
  }
  $('verify-mismatches').replaceChildren(...r.first_mismatches.map((m) => element(
      'li', {text: 'cell (' + m.cell.join(', ') + '): from the definition ' + m.direct + ', by the theorem ' +
                   m.theorem})));
}

// ---------------------------------------------------------------------------------------------------------------
// Start.

async function start() {
  board = new Board($('board'), (key) => {
    const next = new Set(state.heads);
    next.has(key) ? next.delete(key) : next.add(key);
    setPosition(next);
  });
  playBoard = new Board($('play-board'), (key) => {
    if (!play.started || play.over || play.busy) return;
    play.chosen.has(key) ? play.chosen.delete(key) : play.chosen.add(key);
    play.turned = new Set();
    drawPlay();
  });
  try {
    const listed = await api('games', {});
    state.catalogue = listed.games.concat(listed.take_and_break || []);
  } catch (error) {
    showError(error.message);
  }
  if (!readAddress()) state.heads = new Set(['0', '3', '4', '7', '10']);
  for (const radio of document.querySelectorAll('input[name="kind"]')) {
    radio.addEventListener('change', () => {
      state.kind = Number(radio.value);
      changed({keepHeads: false});
    });
  }
  $('random').addEventListener('click', () => setPosition(randomHeads(boardSize())));
  $('all-tails').addEventListener('click', () => setPosition(new Set()));
  $('all-heads').addEventListener('click', () => setPosition(new Set(cellsOf(boardSize()).map(keyOf))));
  $('back').addEventListener('click', () => {
    if (state.history.length) setPosition(state.history.pop(), false);
  });
  $('show-winning').addEventListener('change', drawPositionBoard);
  $('misere').addEventListener('change', () => {
    conventionTexts();
    if (state.tab === 'sum') drawSum();
    refresh();
    if ($('heaps-line').textContent) analyseHeaps();
  });
  $('heaps-analyse').addEventListener('click', analyseHeaps);
  $('heaps').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') analyseHeaps();
  });
  $('share-copy').addEventListener('click', async () => {
    $('share-link').select();
    try {
      await navigator.clipboard.writeText($('share-link').value);
      $('share-copy').textContent = 'Copied';
    } catch (error) {
      $('share-copy').textContent = 'Press Ctrl-C';
    }
    setTimeout(() => ($('share-copy').textContent = 'Copy link'), 1500);
  });
  TABS.forEach((tab, i) => {
    const button = $('tab-' + tab);
    button.addEventListener('click', () => selectTab(tab, false));
    button.addEventListener('keydown', (event) => {
      const step = {ArrowRight: 1, ArrowLeft: -1}[event.key];
      if (step === undefined) return;
      event.preventDefault();
      selectTab(TABS[(i + step + TABS.length) % TABS.length], true);
    });
  });
  $('play-new').addEventListener('click', () => startGame(new Set(state.heads)));
  $('play-random').addEventListener('click', () => {
    if (heapMode()) $('play-heaps').value = randomHeaps().join(',');
    startGame(randomHeads(boardSize()));
  });
  $('play-on-heaps').addEventListener('change', () => {
    if ($('play-on-heaps').checked && !$('play-heaps').value.trim()) {
      $('play-heaps').value = [...state.heads].map(Number).sort((x, y) => x - y).join(',');
    }
    $('play-hint').hidden = true;
    playStatus('Choose who starts, then press New game.');
    $('play-log').replaceChildren();
    drawPlay();
  });
  $('play-heap-move').addEventListener('input', drawHeapPlay);
  $('play-heap-move').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !$('play-heap-submit').disabled) $('play-heap-submit').click();
  });
  $('play-heap-submit').addEventListener('click', () => heapRequest($('play-heap-move').value.trim()));
  $('play-undo').addEventListener('click', undoMove);
  $('play-move').addEventListener('click', () => {
    const axes = chosenAxes();
    if (axes) playRequest(moveOf(axes));
  });
  $('play-clear').addEventListener('click', () => {
    play.chosen = new Set();
    drawPlay();
  });
  $('play-board').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.ctrlKey && !$('play-move').disabled) $('play-move').click();
  });
  $('hints').addEventListener('change', async () => {
    if (sumMode()) {
      if (sumPlay.started && !sumPlay.over) await sumRequest(null, false);
      drawPlay();
      return;
    }
    if (heapMode()) {
      await updateHeapHint();
    } else {
      await updateHint();
    }
    drawPlay();
  });
  // The Sum tab.
  $('sum-games').replaceChildren(...state.catalogue.map((g) => element('option', {value: g.name})));
  $('sum-add-position').addEventListener('click', () => {
    const term = {game: gameName(), size: boardSize(), heads: new Set(state.heads)};
    addSumTerm(term);
  });
  $('sum-add-heaps').addEventListener('click', () => {
    const typed = $('heaps').value.trim();
    const heaps = typed ? typed.split(',').map((h) => h.trim()).filter((h) => h !== '')
                        : [...state.heads].map(Number).sort((x, y) => x - y).map(String);
    const read = readTerm(gameName(), 'heaps=' + heaps.join(','));
    if (read.error) {
      $('sum-line').textContent = read.error;
      return;
    }
    addSumTerm(read.term);
  });
  $('sum-clear').addEventListener('click', () => {
    state.sum = [];
    sumChanged();
  });
  $('sum-add').addEventListener('click', () => {
    const read = readTerm($('sum-game').value.trim(), $('sum-position').value.trim());
    if (read.error) {
      $('sum-line').textContent = 'The term is not added: ' + read.error + '.';
      return;
    }
    addSumTerm(read.term);
  });
  $('sum-play').addEventListener('click', () => {
    $('play-on-sum').checked = true;
    selectTab('play', false);
    drawPlay();
  });
  // The Quotient tab.
  $('quotient-draw').addEventListener('click', () => {
    const n = Math.floor(Number($('quotient-bound').value));
    state.quotient.bound = Number.isFinite(n) && n >= 0 ? n : null;
    state.quotient.position = [];
    writeAddress();
    drawQuotient();
  });
  $('quotient-bound').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') $('quotient-draw').click();
  });
  $('quotient-clear').addEventListener('click', () => {
    state.quotient.position = [];
    writeAddress();
    answerQuotientPosition();
  });
  $('quotient-to-sum').addEventListener('click', () => {
    if (!state.quotient.position.length) return;
    const shown = state.quotient.position;
    if (quotientKind() === 'heaps') {
      addSumTerm({game: gameName(), heaps: [...shown]});
    } else {
      // Rows of a turning game, given as bitmasks: one term each.
      for (const mask of shown) {
        const bits = BigInt(mask).toString(2).split('').reverse();
        addSumTerm({game: gameName(), size: [Math.max(1, bits.length)],
                    heads: new Set(bits.flatMap((b, i) => (b === '1' ? [String(i)] : [])))});
      }
    }
  });
  // Play on the sum.
  $('play-on-sum').addEventListener('change', () => {
    $('play-hint').hidden = true;
    playStatus('Choose who starts, then press New game.');
    $('play-log').replaceChildren();
    drawPlay();
  });
  $('play-sum-move').addEventListener('input', drawSumPlay);
  $('play-sum-move').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !$('play-sum-submit').disabled) $('play-sum-submit').click();
  });
  $('play-sum-submit').addEventListener('click', () => sumRequest($('play-sum-move').value.trim()));
  $('seq-draw').addEventListener('click', drawSequence);
  $('seq-factor').addEventListener('change', drawSequence);
  $('table-draw').addEventListener('click', drawTable);
  $('verify-start').addEventListener('click', startVerify);
  $('verify-cancel').addEventListener('click', cancelVerify);
  window.addEventListener('hashchange', async () => {
    if (location.href === $('share-link').value) return;  // our own change
    if (readAddress()) {
      setupFactors();
      state.valuesKey = '';
      state.sumKey = '';
      $('quotient-picture').dataset.for = '';
      selectTab(state.tab, false);
      await refresh();
      openAskedHeaps();
    }
  });
  setupFactors();
  selectTab(state.tab, false);
  await refresh();
  openAskedHeaps();
}

/**
 * A link's heaps=5,7,9 for a take-and-break game: the heap view opens with them, analysed, and the Play tab's heaps
 * (play on heaps ticked) when the link opens it.
 */
function openAskedHeaps() {
  if (!state.heapsAsked || !takeBreakRow()) return;
  $('heaps').value = state.heapsAsked;
  $('heap-view').dataset.game = gameName();
  analyseHeaps();
  if (state.tab === 'play') {
    $('play-on-heaps').checked = true;
    $('play-heaps').value = state.heapsAsked;
    drawPlay();
  }
}

start();
