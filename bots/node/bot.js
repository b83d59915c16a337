#!/usr/bin/env node
// node-counter — an Arena bot in Node.js for Il Conto, Prego!
//
// It serves the gRPC service arena.v1.Bot (protos/arena/v1/arena.proto, loaded at run
// time with @grpc/proto-loader: no generated code) on $ARENA_BOT_ADDRESS, e.g.
// unix:/tmp/arena-xyz/bot.sock or localhost:50051.
//
// Strategy: it counts what it can see — its own hand and every revealed card — and
// estimates, by sampling the hidden cards (the cards still in the other hands, drawn
// from the cards it has not seen), the probability that a plate is true.  It calls the
// bill when the current plate is unlikely (probability below --threshold) or less
// likely to be true than its best declaration is to be false; otherwise it declares
// the plate its hand best supports, preferring the smallest raise on ties.
//
// Parameters: --threshold=0.5 (call below this probability), --samples=400 (hidden
// hands sampled per decision), --name=node-counter.  Run: node bots/node/bot.js

"use strict";

const path = require("path");
const grpc = require("@grpc/grpc-js");
const protoLoader = require("@grpc/proto-loader");

const PROTOCOL_VERSION = 1;
const PROTOS = path.join(__dirname, "..", "..", "protos");
const RANKS = "23456789TJQKA";
const JOKER = "W";
const CARD_INDEX = {};
for (let i = 0; i < RANKS.length; i++) CARD_INDEX[RANKS[i]] = i;
CARD_INDEX[JOKER] = 13;
const COPIES_PER_RANK = 8; // two French decks
const JOKERS_IN_DECK = 4;

// ---- parameters: --key=value or --key value, numbers converted -------------------

function parseParams(argv) {
  const params = {};
  const items = argv.slice();
  while (items.length > 0) {
    const item = items.shift();
    if (!item.startsWith("--")) {
      console.error(`Bot parameters look like --key=value; cannot read ${JSON.stringify(item)}.`);
      process.exit(2);
    }
    let key = item.slice(2);
    let value;
    const eq = key.indexOf("=");
    if (eq >= 0) {
      value = key.slice(eq + 1);
      key = key.slice(0, eq);
    } else if (items.length > 0 && !items[0].startsWith("--")) {
      value = items.shift();
    } else {
      value = "true";
    }
    params[key.replace(/-/g, "_")] = convert(value);
  }
  return params;
}

function convert(value) {
  const lowered = value.toLowerCase();
  if (["true", "yes", "on"].includes(lowered)) return true;
  if (["false", "no", "off"].includes(lowered)) return false;
  if (value.trim() !== "" && !Number.isNaN(Number(value))) return Number(value);
  return value;
}

// ---- the strategy ------------------------------------------------------------------

// A small deterministic PRNG (mulberry32), seeded per decision, so a run is repeatable.
function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashSeed(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

// Is a plate true given the card counts of everything dealt?  RULINGS.md §conto 4:
// sum over portate of max(0, quantity - natural) <= jokers.
function plateIsTrue(plate, counts) {
  let missing = 0;
  for (const portata of plate) {
    const short = portata.quantity - counts[CARD_INDEX[portata.rank]];
    if (short > 0) missing += short;
  }
  return missing <= counts[13];
}

class Counter {
  constructor(params) {
    this.threshold = Number(params.threshold ?? 0.5);
    this.samples = Math.max(1, Math.floor(Number(params.samples ?? 400)));
  }

  // Returns {index, comment} for a DecisionRequest (keepCase field names).
  decide(request) {
    const legal = request.legal_actions || [];
    const view = request.view && request.view.conto;
    if (!view || legal.length <= 1) return { index: 0, comment: "" };

    // What this seat can see: its own hand and every revealed card.
    const known = new Array(14).fill(0);
    for (const card of view.hand || []) known[CARD_INDEX[card]] += 1;
    const revealed = view.revealed || [];
    for (const card of revealed) known[CARD_INDEX[card.rank]] += 1;
    const seen = (view.hand || []).length + revealed.length;
    // Cards still hidden in the other hands.
    const hidden = Math.max(0, Number(view.cards_dealt) - seen);
    // The cards this seat has not seen, one entry per card.
    const unseen = [];
    for (let i = 0; i < 14; i++) {
      const copies = i === 13 ? JOKERS_IN_DECK : COPIES_PER_RANK;
      for (let k = known[i]; k < copies; k++) unseen.push(i);
    }

    // Candidate plates: the current one (for the bill) and every declaration.
    const currentPlate = view.plate || [];
    const candidates = legal.map((item) => {
      const action = item.action && item.action.conto;
      const isBill = !action || action.kind === "CONTO_MOVE_CONTO";
      return { isBill, plate: isBill ? currentPlate : action.plate || [], trues: 0 };
    });

    // Sample the hidden cards: `hidden` cards drawn without replacement from `unseen`.
    const random = mulberry32(hashSeed(String(request.decision_id)));
    const counts = new Array(14);
    const draw = Math.min(hidden, unseen.length);
    for (let s = 0; s < this.samples; s++) {
      for (let i = 0; i < 14; i++) counts[i] = known[i];
      for (let k = 0; k < draw; k++) {
        const j = k + Math.floor(random() * (unseen.length - k));
        const card = unseen[j];
        unseen[j] = unseen[k];
        unseen[k] = card;
        counts[card] += 1;
      }
      for (const candidate of candidates) {
        if (plateIsTrue(candidate.plate, counts)) candidate.trues += 1;
      }
    }

    let bill = -1;
    let best = -1;
    let bestScore = -Infinity;
    candidates.forEach((candidate, index) => {
      candidate.p = candidate.trues / this.samples;
      if (candidate.isBill) {
        bill = index;
        return;
      }
      // The plate our hand best supports; on ties the smallest raise (fewest cards,
      // then the earliest in the referee's order).
      const size = candidate.plate.reduce((sum, portata) => sum + portata.quantity, 0);
      const score = candidate.p - size * 1e-6;
      if (score > bestScore) {
        bestScore = score;
        best = index;
      }
    });

    if (bill >= 0) {
      const current = candidates[bill].p;
      const declare = best >= 0 ? candidates[best].p : 0;
      if (best < 0 || current < this.threshold || current < 1 - declare) {
        return { index: bill, comment: `the plate is true with p=${current.toFixed(2)}: il conto` };
      }
    }
    if (best < 0) return { index: 0, comment: "" };
    return {
      index: best,
      comment: `${legal[best].text} (true with p=${candidates[best].p.toFixed(2)})`,
    };
  }
}

// ---- the gRPC service --------------------------------------------------------------

function loadProtocol() {
  const definition = protoLoader.loadSync(path.join("arena", "v1", "arena.proto"), {
    includeDirs: [PROTOS],
    keepCase: true,
    longs: String,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  return grpc.loadPackageDefinition(definition).arena.v1;
}

function main() {
  const params = parseParams(process.argv.slice(2));
  const address = params.address || process.env.ARENA_BOT_ADDRESS;
  if (!address) {
    console.error("no address: set $ARENA_BOT_ADDRESS or pass --address (e.g. localhost:50051)");
    process.exit(2);
  }
  const arena = loadProtocol();
  const name = String(params.name ?? "node-counter");

  const server = new grpc.Server({
    "grpc.max_receive_message_length": 64 * 1024 * 1024,
  });
  server.addService(arena.Bot.service, {
    Hello(call, callback) {
      callback(null, {
        name,
        version: "1",
        protocol_version: PROTOCOL_VERSION,
        games: ["conto"],
        description:
          "Counts its hand and the revealed cards, samples the hidden ones to judge the plate, " +
          "calls the bill when it is unlikely and otherwise declares what its hand best supports.",
      });
    },

    Play(call) {
      const bot = new Counter(params);
      let ended = false;
      const finish = () => {
        if (!ended) {
          ended = true;
          call.end();
        }
      };
      call.on("data", (message) => {
        if (message.message !== "decision_request") {
          // match_start, event and match_end carry nothing this bot needs (the view in
          // each decision request holds the current hand, all it plays on; it ignores the
          // request's events, the news of earlier hands too); match_end ends the stream.
          if (message.message === "match_end") finish();
          return;
        }
        const request = message.decision_request;
        let choice;
        try {
          choice = bot.decide(request);
        } catch (error) {
          console.error(`decide failed, answering 0: ${error && error.stack}`);
          choice = { index: 0, comment: "" };
        }
        if (!ended) {
          call.write({
            decision: {
              decision_id: request.decision_id,
              action_index: choice.index,
              comment: choice.comment,
            },
          });
        }
      });
      call.on("end", finish);
      call.on("error", () => {
        ended = true; // cancelled by the referee: nothing to do
      });
    },
  });

  server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (error) => {
    if (error) {
      console.error(`Cannot listen on ${address}: ${error.message}`);
      process.exit(1);
    }
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      server.forceShutdown();
      process.exit(0);
    }, 200);
    force.unref();
    server.tryShutdown(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Polling the parent covers an arena killed with -9 (the arena also sets PDEATHSIG).
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 500).unref();
}

if (require.main === module) {
  main();
}

module.exports = { Counter, parseParams, plateIsTrue };
