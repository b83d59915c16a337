// The report's match list and replay viewer. The data: #report-data (the match list, the
// game's suits) and one <script class="replay-chunk"> per chunk of replays, gzip in base64,
// decoded only when a match of the chunk is opened. Scene keys: arena/report/_replay.py.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const PAGE = 100;
  const chunks = new Map();
  const $ = (id) => document.getElementById(id);
  let shown = data.matches;
  let page = 0;
  let replay = null; // {match, scenes, step}

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // --- the match list ------------------------------------------------------------------
  function filterMatches() {
    const bot = $("bot-filter").value;
    const faulty = $("fault-filter").checked;
    shown = data.matches.filter((m) => (!bot || m.names.includes(bot)) && (!faulty || m.faults.length));
    page = 0;
    renderList();
  }

  function renderList() {
    const body = $("match-list").querySelector("tbody");
    body.replaceChildren();
    for (const match of shown.slice(page * PAGE, (page + 1) * PAGE)) {
      const row = element("tr", { "data-key": match.key });
      if (match.faults.length) row.className = "faulty";
      row.append(element("td", {}, match.key), element("td", {}, match.names.join(", ")));
      row.append(element("td", { class: "result" }, match.result), element("td", {}, String(match.deals)));
      row.append(element("td", {}, match.faults.length ? match.faults.map((f) => f.bot + " " + f.kind).join(", ") : "-"));
      const cell = element("td");
      const button = element("button", { class: "open-replay", type: "button" }, "replay");
      button.addEventListener("click", () => openMatch(match));
      cell.append(button);
      row.append(cell);
      body.append(row);
    }
    const pages = Math.max(1, Math.ceil(shown.length / PAGE));
    $("list-count").textContent = shown.length + " of " + data.matches.length + " matches, page " + (page + 1) + " of " + pages;
    $("list-prev").disabled = page === 0;
    $("list-next").disabled = page >= pages - 1;
  }

  // --- replays ---------------------------------------------------------------------------
  async function chunk(index) {
    if (!chunks.has(index)) {
      const text = document.querySelector('script.replay-chunk[data-chunk="' + index + '"]').textContent;
      const bytes = Uint8Array.from(atob(text.trim()), (c) => c.charCodeAt(0));
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      chunks.set(index, JSON.parse(await new Response(stream).text()));
    }
    return chunks.get(index);
  }

  function expand(encoded) {
    // Each scene whole: the parts a scene leaves out are the previous scene's.
    let carried = {};
    return encoded.map((scene) => {
      carried = { h: scene.h || carried.h, o: scene.o || carried.o, s: scene.s || carried.s, u: scene.u || carried.u, b: scene.b || carried.b, f: scene.f || carried.f };
      return { t: scene.t, x: scene.x || "", a: scene.a, n: scene.n, ...carried };
    });
  }

  async function openMatch(match, step) {
    performance.mark("replay-open");
    const replays = await chunk(match.chunk);
    const scenes = expand(replays[match.index].scenes);
    replay = { match: match, scenes: scenes, step: 0 };
    $("replay-title").textContent = "Match " + match.key + ": " + match.names.join(", ");
    const log = $("replay-log");
    log.replaceChildren();
    scenes.forEach((scene, index) => {
      const item = element("li");
      item.addEventListener("click", () => go(index));
      log.append(item);
    });
    $("replay").hidden = false;
    go(step === undefined ? 0 : step);
    $("replay").scrollIntoView({ block: "start" });
    performance.measure("replay-opened", "replay-open"); // how long opening took, for benchmarks
  }

  function face(card, className, note) {
    // A card face up: its rank and its suit's symbol in the suit's colour, as the game
    // declares its suits (data.suits, from GameSpec.suits); the notation in data-card and
    // the title. A card of no declared suit (conto's "T") stays as the notation writes it.
    const node = element("span", { class: className, "data-card": card });
    const suits = data.suits;
    const letter = card.length > 1 ? (suits.first ? card[0] : card[card.length - 1]) : "";
    if (!Object.hasOwn(suits.faces, letter)) {
      node.textContent = card;
      if (note) node.title = note;
      return node;
    }
    const suit = suits.faces[letter];
    const rank = suits.first ? card.slice(1) : card.slice(0, -1);
    node.title = rank + " of " + suit.name + " (" + card + ")" + (note ? ", " + note : "");
    node.append(element("span", { class: "rank" }, rank), element("span", { class: "suit", style: "color:" + suit.color }, suit.symbol));
    return node;
  }

  function cards(text, faceUp) {
    const box = document.createDocumentFragment();
    for (const card of text ? text.split(" ") : []) {
      box.append(faceUp ? face(card, "card") : element("span", { class: "card back", title: "hidden" }, "?"));
    }
    return box;
  }

  function shownCards(text, down, all) {
    // Cards in front of a seat: face up, but one played face down shows its back, and its
    // face, marked as face down, only when "show all hands" is on.
    const box = document.createDocumentFragment();
    (text ? text.split(" ") : []).forEach((card, place) => {
      if (!down.includes(place)) box.append(face(card, "card"));
      else if (all) box.append(face(card, "card down", "played face down"));
      else box.append(element("span", { class: "card back", title: "played face down" }, "?"));
    });
    return box;
  }

  function textOf(scene) {
    return $("show-all").checked && scene.x ? scene.x : scene.t;
  }

  function go(step) {
    if (!replay) return;
    const scenes = replay.scenes;
    replay.step = Math.max(0, Math.min(scenes.length - 1, step));
    const scene = scenes[replay.step];
    const all = $("show-all").checked;
    $("replay-step").textContent = replay.step + 1 + " / " + scenes.length;
    $("replay-text").textContent = textOf(scene);
    const felt = $("replay-seats");
    felt.replaceChildren();
    replay.match.names.forEach((name, seat) => {
      const box = element("div", { class: "seat", "data-seat": String(seat) });
      if (scene.a === seat) box.classList.add("actor");
      if (scene.n === seat) box.classList.add("next");
      box.append(element("div", { class: "name" }, "seat " + seat + ": " + name), element("div", { class: "status" }, scene.u[seat]));
      const hand = element("div", { class: "cards hand" });
      hand.append(cards(scene.h[seat], all || scene.o[seat] === 1));
      const front = element("div", { class: "cards shown" });
      front.append(shownCards(scene.s[seat], (scene.f || [])[seat] || [], all));
      box.append(hand, front);
      felt.append(box);
    });
    const table = $("replay-table");
    table.replaceChildren();
    for (const [title, value] of scene.b) {
      table.append(element("dt", {}, title), element("dd", { "data-line": title }, value));
    }
    const items = $("replay-log").children;
    for (let index = 0; index < items.length; index++) {
      // What is yet to happen stays hidden, as it would at the table.
      items[index].hidden = index > replay.step;
      items[index].textContent = index <= replay.step ? textOf(scenes[index]) : "";
      items[index].className = index === replay.step ? "current" : "";
    }
    items[replay.step].scrollIntoView({ block: "nearest" });
    history.replaceState(null, "", "#match=" + encodeURIComponent(replay.match.key) + "&step=" + (replay.step + 1));
  }

  document.addEventListener("keydown", (event) => {
    if (!replay || $("replay").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement && event.target.type !== "checkbox") return;
    const moves = { ArrowRight: replay.step + 1, ArrowLeft: replay.step - 1, Home: 0, End: replay.scenes.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    }
  });

  // --- start ---------------------------------------------------------------------------------
  if ($("match-list")) {
    $("bot-filter").addEventListener("change", filterMatches);
    $("fault-filter").addEventListener("change", filterMatches);
    $("list-prev").addEventListener("click", () => { page--; renderList(); });
    $("list-next").addEventListener("click", () => { page++; renderList(); });
    renderList();
  }
  $("show-all").addEventListener("change", () => go(replay ? replay.step : 0));
  for (const [id, delta] of [["step-first", -Infinity], ["step-back", -1], ["step-on", 1], ["step-last", Infinity]]) {
    $(id).addEventListener("click", () => replay && go(Number.isFinite(delta) ? replay.step + delta : delta < 0 ? 0 : replay.scenes.length - 1));
  }
  const wanted = new URLSearchParams(location.hash.slice(1));
  const first = data.matches.find((m) => m.key === wanted.get("match")) || (data.open ? data.matches[0] : null);
  if (first) openMatch(first, wanted.has("step") ? Number(wanted.get("step")) - 1 : 0);
  document.body.dataset.ready = "1";
})();
