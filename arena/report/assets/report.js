// The report's match list and replay viewer. The data: #report-data (the match list, the
// game's suits) and one <script class="replay-chunk"> per chunk of replays, gzip in base64,
// decoded only when a match of the chunk is opened. Scene keys: arena/report/_replay.py.
// A replay's marks (the moves the game's statistics count, with the number behind each)
// are shown in the log, stepped between by the "bluff moments" buttons and summed per bot.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const PAGE = 100;
  const chunks = new Map();
  const $ = (id) => document.getElementById(id);
  let shown = data.matches;
  let page = 0;
  let replay = null; // {match, scenes, step, marks: Map scene -> marks, bluffs: scenes with a bluff mark}
  let timer = null; // autoplay's interval
  const COMPASS = ["n", "e", "s", "w"]; // bridge's seats 0-3 in the compass diagram

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
    const replayable = $("replay-filter").checked;
    shown = data.matches.filter(
      (m) => (!bot || m.names.includes(bot)) && (!faulty || m.faults.length) && (!replayable || m.chunk !== undefined),
    );
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
      if (match.chunk === undefined) {
        // Not among the replays this page holds (the line above the list says which and why).
        cell.append(element("span", { class: "no-replay", title: "no replay in this page: see the line above the list" }, "listed only"));
      } else {
        const button = element("button", { class: "open-replay", type: "button" }, "replay");
        button.addEventListener("click", () => openMatch(match));
        cell.append(button);
      }
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

  function who(seat) {
    // The bot in a seat; with its seat when the match seats that bot more than once (three
    // bots at four seats, a bot against itself), or "bluffer" would name two players.
    const names = replay.match.names;
    return names.indexOf(names[seat]) === names.lastIndexOf(names[seat]) ? names[seat] : names[seat] + " (seat " + seat + ")";
  }

  function named(text) {
    // "seat 2" as the bot in that seat: the log reads as the bots' play. "seat 2 (dealer)"
    // of a bot seated twice reads "ada (seat 2, dealer)": one pair of parentheses.
    const names = replay.match.names;
    return text.replace(/\bseat (\d+)(?: \(([^()]*)\))?/g, (all, seat, role) => {
      if (seat >= names.length) return all;
      const bot = who(Number(seat));
      if (!role) return bot;
      return bot === names[seat] ? bot + " (" + role + ")" : bot.slice(0, -1) + ", " + role + ")";
    });
  }

  function notReplayable(match) {
    // A link to a match this page lists without its replay: say so where the replay would be.
    replay = null;
    $("replay-title").textContent = "Match " + match.key + ": " + match.names.join(", ");
    $("replay-text").textContent = "This page holds no replay of this match (" + match.result + "). " + $("replays-note").textContent;
    for (const id of ["replay-step", "replay-marks", "replay-seats", "replay-table", "replay-log", "bluff-count"]) $(id).replaceChildren();
    $("replay-summary").hidden = true;
    $("board-table").hidden = true;
    $("replay").hidden = false;
    $("replay").scrollIntoView({ block: "start" });
  }

  async function openMatch(match, step) {
    stopAutoplay();
    if (match.chunk === undefined) return notReplayable(match);
    performance.mark("replay-open");
    const replays = await chunk(match.chunk);
    const scenes = expand(replays[match.index].scenes);
    const marks = new Map();
    for (const [scene, seat, label, detail, bluff] of replays[match.index].marks || []) {
      if (!marks.has(scene)) marks.set(scene, []);
      marks.get(scene).push({ seat: seat, label: label, detail: detail, bluff: bluff === 1 });
    }
    const bluffs = [...marks.keys()].filter((scene) => marks.get(scene).some((m) => m.bluff)).sort((a, b) => a - b);
    replay = { match: match, scenes: scenes, step: 0, marks: marks, bluffs: bluffs };
    $("replay-title").textContent = "Match " + match.key + ": " + match.names.join(", ");
    const log = $("replay-log");
    log.replaceChildren();
    scenes.forEach((scene, index) => {
      const item = element("li", { "data-step": String(index + 1) });
      if (marks.has(index)) item.dataset.marked = marks.get(index).some((m) => m.bluff) ? "bluff" : "other";
      item.addEventListener("click", () => go(index));
      log.append(item);
    });
    summarize(match, marks);
    await boardTable(match, replays[match.index]);
    $("replay-seats").classList.toggle("compass", Boolean(data.compass));
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

  function suitLines(text) {
    // A bridge hand as a diagram prints it: a line per suit, spades first, its symbol and
    // then the ranks (each still a card, its notation in data-card).
    const box = document.createDocumentFragment();
    const held = text ? text.split(" ") : [];
    for (const [letter, suit] of Object.entries(data.suits.faces)) {
      const line = element("div", { class: "suit-line", "data-suit": letter });
      line.append(element("span", { class: "suit", style: "color:" + suit.color, title: suit.name }, suit.symbol));
      const ranks = held.filter((card) => card[0] === letter);
      for (const card of ranks) line.append(element("span", { class: "card pip", "data-card": card, title: card.slice(1) + " of " + suit.name + " (" + card + ")" }, card.slice(1)));
      if (!ranks.length) line.append(element("span", { class: "void" }, "—"));
      box.append(line);
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
    return named($("show-all").checked && scene.x ? scene.x : scene.t);
  }

  function markNodes(step, full) {
    // The marks of one step: a badge each, its number in the title (in full: in the text).
    const box = document.createDocumentFragment();
    for (const mark of replay.marks.get(step) || []) {
      const bot = who(mark.seat);
      const badge = element("span", { class: "mark" + (mark.bluff ? " bluff" : ""), "data-label": mark.label, title: bot + ": " + named(mark.detail) });
      badge.textContent = full ? bot + ": " + mark.label + " — " + named(mark.detail) : mark.label;
      box.append(badge);
    }
    return box;
  }

  function summarize(match, marks) {
    // Beside the match: per bot, how many of each marked kind of move it made.
    const labels = [];
    const counts = match.names.map(() => new Map());
    for (const list of marks.values()) {
      for (const mark of list) {
        if (!labels.includes(mark.label)) labels.push(mark.label);
        counts[mark.seat].set(mark.label, (counts[mark.seat].get(mark.label) || 0) + 1);
      }
    }
    const box = $("replay-summary");
    box.replaceChildren();
    box.hidden = labels.length === 0;
    if (!labels.length) return;
    const table = element("table", { class: "summary" });
    const head = element("tr");
    head.append(element("th", {}, "bot (seat)"), ...labels.map((label) => element("th", {}, label)));
    table.append(element("thead"), element("tbody"));
    table.tHead.append(head);
    match.names.forEach((name, seat) => {
      const row = element("tr", { "data-seat": String(seat) });
      row.append(element("td", {}, name + " (" + seat + ")"), ...labels.map((label) => element("td", {}, String(counts[seat].get(label) || 0))));
      table.tBodies[0].append(row);
    });
    box.append(element("h3", {}, "Counted moves in this match"), table);
  }

  async function boardTable(match, own) {
    // Bridge: every board of the match in both rooms (the same cards, the sides' seats
    // swapped) with each side's IMPs, as a team match's score sheet has them.
    const box = $("board-table");
    box.replaceChildren();
    box.hidden = !own.boards;
    if (!own.boards) return;
    const room = match.room || { room: 1, other: null, sides: [], imps: {} };
    const other = data.matches.find((m) => m.key === room.other);
    const theirs = other && other.chunk !== undefined ? (await chunk(other.chunk))[other.index].boards : [];
    const [first, second] = room.room === 1 ? [own.boards, theirs] : [theirs, own.boards];
    const keys = room.room === 1 ? [match.key, other ? other.key : "not stored"] : [other.key, match.key];
    const table = element("table", { class: "boards" });
    table.append(element("thead"), element("tbody"));
    const top = element("tr");
    top.append(element("th", { rowspan: "2" }, "board"));
    keys.forEach((key, index) => top.append(element("th", { colspan: "4" }, "room " + (index + 1) + " (" + key + ")")));
    top.append(element("th", { colspan: "2" }, "IMPs"));
    const sub = element("tr");
    for (const _ of keys) sub.append(...["contract", "by", "result", "N-S"].map((title) => element("th", {}, title)));
    sub.append(...(room.sides.length ? room.sides : ["N-S in room 1", "E-W in room 1"]).map((side) => element("th", {}, side)));
    table.tHead.append(top, sub);
    const byBoard = (rows) => new Map(rows.map((row) => [row[0], row]));
    const rows = [byBoard(first), byBoard(second)];
    const boards = [...new Set([...rows[0].keys(), ...rows[1].keys()])].sort((a, b) => a - b);
    for (const board of boards) {
      const line = element("tr", { "data-board": String(board) });
      line.append(element("td", {}, String(board)));
      for (const played of rows) {
        const [, contract, by, tricks, result, score] = played.get(board) || [board, "-", "", null, "", null];
        line.append(element("td", {}, contract), element("td", {}, by), element("td", {}, tricks === null ? "" : tricks + " (" + result + ")"), element("td", {}, score === null ? "" : String(score)));
      }
      const imps = room.imps[String(board)];
      line.append(...[0, 1].map((side) => element("td", { class: "imps" }, imps ? String(imps[side]) : "-")));
      table.tBodies[0].append(line);
    }
    const note = "Room 1 seats the first partnership North-South, room 2 the same boards with the sides' seats swapped; each board's IMPs compare the two rooms (a fault: average-minus).";
    box.append(element("h3", {}, "Boards in both rooms"), table, element("p", { class: "note" }, note));
  }

  function jumpToBluff(direction) {
    if (!replay || !replay.bluffs.length) return;
    const later = replay.bluffs.filter((scene) => (direction > 0 ? scene > replay.step : scene < replay.step));
    if (later.length) go(direction > 0 ? later[0] : later[later.length - 1]);
  }

  function stopAutoplay() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    $("autoplay").textContent = "▶ play";
  }

  function autoplay() {
    if (timer !== null || !replay) return stopAutoplay();
    if (replay.step >= replay.scenes.length - 1) go(0);
    $("autoplay").textContent = "❚❚ pause";
    timer = setInterval(() => {
      if (replay.step >= replay.scenes.length - 1) return stopAutoplay();
      go(replay.step + 1);
    }, Number($("speed").value));
  }

  function compassCentre(scene) {
    // Bridge: the current trick in the middle of the diagram, each card toward its player.
    const centre = element("div", { class: "trick", "data-area": "trick" });
    scene.s.forEach((text, seat) => {
      const spot = element("div", { class: "played " + COMPASS[seat], "data-seat": String(seat) });
      spot.append(cards(text, true));
      centre.append(spot);
    });
    return centre;
  }

  function auctionGrid(text) {
    // Bridge's auction as players write it: a column per seat under W N E S, the dealer's
    // call in its column of the first row, a new row after South.
    const order = ["W", "N", "E", "S"];
    const table = element("table", { class: "auction", id: "replay-auction" });
    const head = element("tr");
    head.append(...order.map((seat) => element("th", {}, seat)));
    table.append(element("thead"), element("tbody"));
    table.tHead.append(head);
    let row = null;
    let last = -1;
    for (const call of text ? text.split(", ") : []) {
      const [seat, ...bid] = call.split(" ");
      const place = order.indexOf(seat);
      if (row === null || place <= last) {
        row = element("tr");
        row.append(...order.map(() => element("td")));
        table.tBodies[0].append(row);
      }
      row.children[place].textContent = bid.join(" ");
      last = place;
    }
    return table;
  }

  function go(step) {
    if (!replay) return;
    const scenes = replay.scenes;
    replay.step = Math.max(0, Math.min(scenes.length - 1, step));
    const scene = scenes[replay.step];
    const all = $("show-all").checked;
    $("replay-step").textContent = replay.step + 1 + " / " + scenes.length;
    $("replay-text").textContent = textOf(scene);
    const marksHere = $("replay-marks");
    marksHere.replaceChildren(markNodes(replay.step, true));
    const at = replay.bluffs.filter((s) => s <= replay.step).length;
    $("bluff-count").textContent = replay.bluffs.length ? "bluff moments: " + (replay.bluffs.includes(replay.step) ? at + " of " : "") + replay.bluffs.length : "no bluff moment";
    $("bluff-back").disabled = !replay.bluffs.some((s) => s < replay.step);
    $("bluff-on").disabled = !replay.bluffs.some((s) => s > replay.step);
    const felt = $("replay-seats");
    felt.replaceChildren();
    if (data.compass) felt.append(compassCentre(scene));
    replay.match.names.forEach((name, seat) => {
      const box = element("div", { class: "seat", "data-seat": String(seat) });
      if (data.compass) box.classList.add(COMPASS[seat]);
      if (scene.a === seat) box.classList.add("actor");
      if (scene.n === seat) box.classList.add("next");
      box.append(element("div", { class: "name" }, name + " (seat " + seat + ")"), element("div", { class: "status" }, scene.u[seat]));
      const hand = element("div", { class: "cards hand" });
      const faceUp = all || scene.o[seat] === 1;
      hand.append(data.compass && faceUp ? suitLines(scene.h[seat]) : cards(scene.h[seat], faceUp));
      const front = element("div", { class: "cards shown" });
      front.append(shownCards(scene.s[seat], (scene.f || [])[seat] || [], all));
      box.append(hand, front);
      felt.append(box);
    });
    const table = $("replay-table");
    table.replaceChildren();
    for (const [title, value] of scene.b) {
      if (data.compass && title === "auction") continue; // drawn as the grid below
      table.append(element("dt", {}, title), element("dd", { "data-line": title }, named(value)));
    }
    const auction = $("replay-auction");
    if (auction) auction.remove();
    const bidding = scene.b.find(([title]) => title === "auction");
    if (data.compass && bidding) table.after(auctionGrid(bidding[1]));
    const items = $("replay-log").children;
    const onlyBluffs = $("bluffs-only").checked;
    for (let index = 0; index < items.length; index++) {
      // What is yet to happen stays hidden, as it would at the table.
      const item = items[index];
      item.hidden = index > replay.step || onlyBluffs && item.dataset.marked !== "bluff";
      item.replaceChildren();
      if (index <= replay.step) item.append(textOf(scenes[index]), markNodes(index, false));
      item.className = index === replay.step ? "current" : "";
    }
    items[replay.step].scrollIntoView({ block: "nearest" });
    history.replaceState(null, "", "#" + encodeURIComponent(replay.match.key) + "/" + (replay.step + 1));
  }

  document.addEventListener("keydown", (event) => {
    if (!replay || $("replay").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement && event.target.type !== "checkbox") return;
    const moves = { ArrowRight: replay.step + 1, ArrowLeft: replay.step - 1, Home: 0, End: replay.scenes.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      stopAutoplay();
      go(moves[event.key]);
    } else if (event.key === "b" || event.key === "B") {
      jumpToBluff(event.key === "b" ? 1 : -1);
    } else if (event.key === " " && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      autoplay();
    }
  });

  // --- start ---------------------------------------------------------------------------------
  if ($("match-list")) {
    $("bot-filter").addEventListener("change", filterMatches);
    $("fault-filter").addEventListener("change", filterMatches);
    $("replay-filter").addEventListener("change", filterMatches);
    $("list-prev").addEventListener("click", () => { page--; renderList(); });
    $("list-next").addEventListener("click", () => { page++; renderList(); });
    renderList();
  }
  $("show-all").addEventListener("change", () => go(replay ? replay.step : 0));
  $("bluffs-only").addEventListener("change", () => go(replay ? replay.step : 0));
  for (const [id, delta] of [["step-first", -Infinity], ["step-back", -1], ["step-on", 1], ["step-last", Infinity]]) {
    $(id).addEventListener("click", () => replay && go(Number.isFinite(delta) ? replay.step + delta : delta < 0 ? 0 : replay.scenes.length - 1));
  }
  $("bluff-back").addEventListener("click", () => jumpToBluff(-1));
  $("bluff-on").addEventListener("click", () => jumpToBluff(1));
  $("autoplay").addEventListener("click", autoplay);
  $("speed").addEventListener("change", () => { if (timer !== null) { stopAutoplay(); autoplay(); } });

  function wantedByLink() {
    // report.html#r1-t1-p1/16: that match at step 16 (and the older #match=…&step=…).
    const hash = decodeURIComponent(location.hash.slice(1));
    const old = new URLSearchParams(hash);
    const [key, step] = old.has("match") ? [old.get("match"), old.get("step")] : hash.split("/");
    const match = data.matches.find((m) => m.key === key);
    return match ? [match, step ? Number(step) - 1 : 0] : null;
  }
  window.addEventListener("hashchange", () => {
    const wanted = wantedByLink();
    if (wanted && !(replay && replay.match === wanted[0] && replay.step === wanted[1])) openMatch(...wanted);
  });
  const wanted = wantedByLink() || (data.open ? [data.matches[0], 0] : null);
  if (wanted) openMatch(...wanted);
  document.body.dataset.ready = "1";
})();
