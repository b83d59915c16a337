// The human's seat in the browser: draws the seat's picture (arena/human/board.py) as
// /state gives it, each time it changes (a long poll), and posts choices to /act.
// Cards are drawn as the report draws them (report.css's .card, the game's suits).
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const q = "?t=" + encodeURIComponent(TOKEN);
  let version = 0;

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function face(card) {
    // As the report's replays draw a card: rank, and the suit's symbol in its colour.
    const node = element("span", { class: "card", "data-card": card });
    const letter = card.length > 1 ? (SUITS.first ? card[0] : card[card.length - 1]) : "";
    const suit = SUITS.faces[letter];
    if (!suit) {
      node.textContent = card;
      return node;
    }
    const rank = SUITS.first ? card.slice(1) : card.slice(0, -1);
    node.title = rank + " of " + suit.name;
    node.append(element("span", { class: "rank" }, rank), element("span", { class: "suit", style: "color:" + suit.color }, suit.symbol));
    return node;
  }

  function draw(p) {
    $("title").textContent = p.title;
    $("seats").textContent = p.seats;
    const cards = $("cards");
    cards.replaceChildren();
    for (const row of p.cards) {
      const line = element("div", { class: "row" });
      line.append(element("span", { class: "label" }, row.label));
      for (const card of row.cards) line.append(face(card));
      cards.append(line);
    }
    $("facts").textContent = p.facts.join(" · ");
    const outcome = p.result.length ? p.result : p.outcome;
    $("outcome").hidden = !outcome.length;
    $("outcome").className = p.result.length ? "result" : "";
    $("outcome").textContent = outcome.join("\n");
    $("prompt").textContent = p.prompt || (p.finished ? "The match is over" : "");
    $("prompt").className = p.prompt.startsWith("OUT OF TURN") ? "out-of-turn" : "";
    const actions = $("actions");
    actions.replaceChildren();
    p.actions.forEach((text, index) => {
      const button = element("button", { type: "button", class: "action", "data-number": String(index + 1) });
      button.append(element("span", { class: "number" }, String(index + 1)), document.createTextNode(text));
      button.addEventListener("click", () => act(String(index + 1)));
      actions.append(button);
    });
    $("typed").hidden = !p.actions.length;
    $("message").textContent = p.message;
    $("leave").hidden = !p.finished;
    const history = $("history");
    const atEnd = history.scrollTop + history.clientHeight >= history.scrollHeight - 4;
    history.replaceChildren(...p.history.map((line) => (line.startsWith("─") ? element("li", { class: "rule" }) : element("li", {}, line))));
    if (atEnd) history.scrollTop = history.scrollHeight;
    document.body.dataset.version = String(p.version);
    performance.mark("drawn-" + p.version); // when each picture reached the page, for the benchmark
  }

  async function act(text) {
    $("actions").querySelectorAll("button").forEach((b) => (b.disabled = true));
    const answer = await (await fetch("/act" + q, { method: "POST", body: text })).json();
    if (answer.refused) $("message").textContent = answer.refused;
    $("actions").querySelectorAll("button").forEach((b) => (b.disabled = false));
  }

  async function follow() {
    for (;;) {
      try {
        const response = await fetch("/state" + q + "&v=" + version);
        const picture = await response.json();
        if (picture.version > version) {
          version = picture.version;
          draw(picture);
        }
      } catch (error) {
        $("message").textContent = "the arena is gone: " + error;
        return;
      }
    }
  }

  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    act($("choice").value);
    $("choice").value = "";
  });
  $("leave").addEventListener("click", async () => {
    await fetch("/leave" + q, { method: "POST" });
    $("leave").disabled = true;
    $("message").textContent = "you left the table; the arena has ended";
  });
  document.body.dataset.ready = "1";
  follow();
})();
