"""The single page of ``ludoteca serve``: plain HTML, CSS and JavaScript, no external resources.

The page draws the server's SVG and makes it clickable through the renderers' attributes only
(``ludoteca.render``): ``data-action`` plays that action; a card (``data-card``) or point
(``data-point``) without one is sent by name, so the server answers with the rule that forbids it; in
Xiangqi a piece (``data-square``) is picked first, its legal targets light up, and the second click
sends the move. Actions the picture does not show (bids, pass, claims) are buttons or a list.
"""

PAGE = r"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ludoteca</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font-family: system-ui, sans-serif; margin: 0; background: #f5f3ee; color: #222; }
header { background: #28323c; color: white; padding: 10px 18px; font-size: 20px; }
main { display: flex; gap: 18px; padding: 14px; align-items: flex-start; flex-wrap: wrap; }
#setup, #side { background: white; border-radius: 8px; padding: 12px; box-shadow: 0 1px 3px #0003; }
#setup { width: 240px; } #side { width: 260px; }
#setup label { display: block; margin-top: 8px; font-size: 13px; color: #555; }
#setup select, #setup input { width: 100%; box-sizing: border-box; padding: 4px; }
button { margin: 3px 3px 0 0; padding: 5px 10px; cursor: pointer; }
#play { flex: 1; min-width: 0; max-width: 900px; }
#board svg { width: 100%; height: auto; max-height: 76vh; }
#message { color: #a01010; min-height: 1.3em; margin: 6px 0; font-weight: bold; }
#status { font-weight: bold; }
#moves { max-height: 300px; overflow-y: auto; font-family: monospace; font-size: 13px; padding-left: 42px; }
.point.playable:hover { fill-opacity: 0.35 !important; }
.card.playable:hover rect { fill: #fff4cc; }
.target { pointer-events: none; } .target.lit { opacity: 0.75 !important; cursor: pointer; pointer-events: auto; }
.piece.selected circle { stroke: #1a7a2a !important; stroke-width: 4 !important; }
</style></head>
<body><header>ludoteca — play every game</header>
<main>
<section id="setup">
  <label for="game">Game</label><select id="game"></select>
  <label for="variant">Variant (game string)</label><select id="variant"></select>
  <label for="spec">or type a game string</label><input id="spec" placeholder="briscola(players=4)">
  <label for="seat">Your seat</label><select id="seat"></select>
  <label>Bots in the other seats</label><div id="bots"></div>
  <label for="seed">Seed (empty: random)</label><input id="seed" inputmode="numeric">
  <button id="start">Start</button>
</section>
<section id="play"><div id="status">Pick a game and press Start.</div><div id="message"></div><div id="board"></div>
  <div id="actions"></div>
  <div><input id="typed" placeholder="type an action (A♠, D4, h2e2, pass)"><button id="send">Play</button></div>
</section>
<section id="side"><div><button id="undo" disabled>Undo</button>
  <a id="record" href="#" style="display:none">Download the record</a></div>
  <div id="result"></div><h4>Moves</h4><ol id="moves"></ol></section>
</main>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
let catalog = [], view = null, selected = null;

async function api(method, path, body) {
  const response = await fetch(path, {method, headers: {"Content-Type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await response.json();
  if (!response.ok) { throw new Error(data.error || response.statusText); }
  return data;
}
function say(text) { $("message").textContent = text || ""; }

function current() { return catalog.find((x) => x.name === $("game").value); }
function fillGame() {
  const g = current();
  $("variant").innerHTML = g.variants.map((v) => `<option>${v}</option>`).join("");
  fillSeats();
}
async function fillSeats() {
  // The number of seats depends on the variant (briscola(players=4)): the server loads it.
  const spec = $("spec").value.trim() || $("variant").value;
  let n = current().players;
  try { n = (await api("GET", `/api/game?spec=${encodeURIComponent(spec)}`)).players; say(""); }
  catch (e) { say(e.message); }
  const keep = Number($("seat").value || 0);
  $("seat").innerHTML = Array.from({length: n}, (_, i) => `<option value="${i}">seat ${i}</option>`).join("");
  $("seat").value = String(keep < n ? keep : 0);
  fillBots();
}
function fillBots() {
  const g = current(), me = Number($("seat").value), n = $("seat").options.length;
  const options = g.bots.map((b) => `<option>${b}</option>`).join("");
  $("bots").innerHTML = Array.from({length: n}, (_, i) => i).filter((i) => i !== me)
    .map((i) => `<label>seat ${i} <select class="bot" data-seat="${i}">${options}</select></label>`).join("");
}

async function start() {
  say("");
  const seed = $("seed").value.trim();
  const bots = Array.from(document.querySelectorAll("select.bot")).map((s) => s.value);
  const body = {game: $("spec").value.trim() || $("variant").value, seat: Number($("seat").value),
                bots: bots.length ? bots : "random"};
  if (seed !== "") { body.seed = Number(seed); }
  try { show(await api("POST", "/api/tables", body)); } catch (e) { say(e.message); }
}

async function play(action) {
  if (!view) { return; }
  try { selected = null; show(await api("POST", `/api/tables/${view.id}/move`, {action, version: view.version})); say(""); }
  catch (e) { say(e.message); }
}

function show(v) {
  view = v;
  $("board").innerHTML = v.svg;
  const svg = $("board").querySelector("svg");
  const shown = new Set();
  svg.querySelectorAll("[data-action]").forEach((el) => shown.add(Number(el.dataset.action)));
  if (v.your_turn) { wire(svg); }
  const rest = v.legal.filter((a) => !shown.has(a.id));
  let html = "";
  if (rest.length > 0 && rest.length <= 60) {
    html = rest.map((a) => `<button class="action" data-id="${a.id}">${a.name}</button>`).join("");
  } else if (rest.length > 60) {
    html = `<select id="many">${rest.map((a) => `<option value="${a.id}">${a.name}</option>`).join("")}</select>` +
           `<button id="playmany">Play</button>`;
  }
  $("actions").innerHTML = html;
  $("actions").querySelectorAll("button.action").forEach((b) => b.onclick = () => play(Number(b.dataset.id)));
  if ($("playmany")) { $("playmany").onclick = () => play(Number($("many").value)); }
  $("moves").innerHTML = v.moves.map((m) => `<li>seat ${m.seat}: ${escapeHtml(m.text)}</li>`).join("");
  $("moves").scrollTop = 1e6;
  $("undo").disabled = !v.can_undo;
  if (v.terminal) {
    $("status").textContent = "Game over";
    const r = v.result;
    $("result").innerHTML = `<p><b>Final score</b>${r.text ? " " + escapeHtml(r.text) : ""}</p>` +
      `<table><tr><th>seat</th><th>return</th><th>score</th></tr>` +
      r.returns.map((x, i) => `<tr><td>${i}${i === v.seat ? " (you)" : ""}</td><td>${x}</td><td>${r.scores[i]}</td></tr>`).join("") +
      `</table>`;
    $("record").href = `/api/tables/${v.id}/record`; $("record").style.display = "inline";
  } else {
    $("status").textContent = v.your_turn ? `Your move (seat ${v.seat})` : `Seat ${v.to_move} to move`;
    $("result").innerHTML = ""; $("record").style.display = "none";
  }
}

function escapeHtml(s) { return String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})[c]); }

function wire(svg) {
  // Cards in your hand, points of a Go board.
  svg.querySelectorAll(`g.hand[data-seat="${view.seat}"] .card, .point`).forEach((el) => {
    el.style.cursor = "pointer";
    el.addEventListener("click", () => play(el.dataset.action !== undefined ? Number(el.dataset.action)
                                                : (el.dataset.card || el.dataset.point)));
  });
  // Other clickable parts of a picture: East–West's rows, Kabu's draw and stand buttons.
  svg.querySelectorAll("[data-action]:not(.card):not(.point):not(.target)").forEach((el) => {
    el.style.cursor = "pointer";
    el.addEventListener("click", () => play(Number(el.dataset.action)));
  });
  // Xiangqi: a piece, then a square.
  svg.querySelectorAll(".piece, .square").forEach((el) => el.addEventListener("click", () => pick(svg, el)));
  svg.querySelectorAll(".target").forEach((el) => el.addEventListener("click", (ev) => {
    if (el.classList.contains("lit")) { ev.stopPropagation(); play(Number(el.dataset.action)); }
  }));
}
function pick(svg, el) {
  const sq = el.dataset.square;
  const mine = el.classList.contains("movable");
  if (selected && !mine) {
    const target = svg.querySelector(`.target[data-from="${selected}"][data-square="${sq}"]`);
    play(target ? Number(target.dataset.action) : selected + sq);
    return;
  }
  if (!el.classList.contains("piece")) { return; }
  selected = sq;
  svg.querySelectorAll(".piece.selected").forEach((p) => p.classList.remove("selected"));
  el.classList.add("selected");
  svg.querySelectorAll(".target").forEach((t) => t.classList.toggle("lit", t.dataset.from === sq));
  if (!mine) { say(`the piece on ${sq} has no legal move`); }
}

$("game").onchange = fillGame;
$("variant").onchange = fillSeats;
$("spec").onchange = fillSeats;
$("seat").onchange = fillBots;
$("start").onclick = start;
$("send").onclick = () => { const t = $("typed").value.trim(); if (t) { play(/^\d+$/.test(t) ? Number(t) : t); } };
$("undo").onclick = async () => { try { show(await api("POST", `/api/tables/${view.id}/undo`)); say(""); } catch (e) { say(e.message); } };
api("GET", "/api/games").then((games) => {
  catalog = games;
  $("game").innerHTML = games.map((g) => `<option value="${g.name}">${g.long_name}</option>`).join("");
  fillGame();
});
</script></body></html>
"""
