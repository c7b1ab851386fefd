// The chess-conformance engine protocol (docs/PROTOCOL.md) for a shim in JavaScript (Node), so
// that a shim is one function per question:
//
//   import { Shim } from './chess-conformance-shim.mjs';
//   const shim = new Shim({ name: 'my-chess', version: '1.0', position: (fen) => new Board(fen),
//                           play: (board, uci) => board.playUci(uci) });
//   shim.questions({ legal_moves: (board, request) => board.legalMoves() });
//   await shim.serve();
//
// A question's capability is declared by giving its function; rules inside the answers
// (`repetition`, `fivefold`, ...) by `rules: [...]`, and so are 'pieces' and 'chess960': with
// 'chess960', a Chess960 request's position is built as `position(fen, moves, { variant:
// 'chess960' })` (castling in `moves` is then the king taking its rook, `f1h1`); a standard
// one's as before. The helper answers `start`, reads the JSON
// lines, repeats each request's `seq`, answers `unsupported` for a type without a function (or
// a function that throws `Unsupported`), and turns any other exception into an `error` naming
// the request. While it serves, console.log and process.stdout.write go to stderr, so the
// protocol's stdout stays clean. One file, no dependency: copy it beside your shim.
//
// A refusal is not a crash. With `play` (and `fen`) the `play` question answers itself: the FEN
// after the move, or `refused` when `play` throws the library's own refusal (`refusal`, say
// `InvalidMoveError`; without it, anything but a program's own faults, `CRASHES`) or returns
// null. Anything else is a crash and becomes an `error` verdict naming it: caught as a refusal,
// a crash in the library would pass for a right answer to an illegal move.
//
// The handshake may also say how the library spells castling (`castling: 'king-takes-rook'`) and
// what holds for all its answers (`conventions: { clocks: false }` for a library that keeps no
// halfmove clock or move number): docs/PROTOCOL.md, "The handshake". `packageVersion(name,
// fallback)` reads an installed package's version even where its `exports` hide package.json.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const PROTOCOL = 1;
// Each request type and the capability that answers it (the question table of src/engine.rs).
export const QUESTIONS = {
  legal_moves: 'legal-moves', in_check: 'check', checkers: 'checkers', game_state: 'game-state',
  draw_claims: 'draw-claims', mating_material: 'mating-material', play: 'play', san: 'san',
  parse_san: 'parse-san', attacks: 'attacks', perft: 'perft', validate_fen: 'validate-fen',
  draw_claims_with_move: 'claim-with-move', touch_move: 'touch-move', winnable: 'winnable',
};
// The requests not about a position (no `fen` + `moves` to build): their function gets the request.
const NO_POSITION = new Set(['validate_fen']);
// The rules inside answers, declared with `rules: [...]` when the library implements them;
// 'pieces': positions holding pieces beyond the standard six (the request's `pieces`);
// 'chess960': Chess960 positions (the request's `variant`, passed to `position` as `{ variant }`).
export const RULES = [
  'repetition', 'move-clocks', 'insufficient-material', 'dead-position', 'fivefold',
  'seventy-five-moves', 'pieces', 'chess960',
];
// The only variant a request names (FIDE Guidelines II); a standard-chess request names none.
export const CHESS960 = 'chess960';
// How an engine may spell castling in every game, declared with `castling` (the handshake's).
export const CASTLING = ['king-takes-rook', 'king-destination'];
// The conventions an engine may declare with `conventions: {...}`, and the type of each value.
export const CONVENTIONS = { clocks: 'boolean' };
// The rules that count the clocks, which an engine that keeps none cannot implement.
const CLOCK_RULES = ['move-clocks', 'seventy-five-moves'];
// Errors that are a program's own faults, never a chess library's way to refuse a move: when no
// `refusal` is given, `play` throwing one of these is a crash (an error verdict), not a refusal.
export const CRASHES = [TypeError, RangeError, ReferenceError, SyntaxError, EvalError, URIError];

/** The version of the installed package `name`, or `fallback` when it cannot be read. Its
 * package.json is found by resolving the package and walking up from its entry file, so a
 * package whose `exports` hide package.json (where `require('pkg/package.json')` throws) is
 * read too. */
export function packageVersion(name, fallback) {
  const here = import.meta.url;
  const attempts = [
    () => createRequire(here)(`${name}/package.json`).version,
    () => fromEntry(createRequire(here).resolve(name)),
    () => fromEntry(fileURLToPath(import.meta.resolve(name))),
  ];
  function fromEntry(entry) {
    for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
      try {
        const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
        if (json.name === name) return json.version;
      } catch {
        // no package.json here, or another's: go up
      }
    }
    return undefined;
  }
  for (const attempt of attempts) {
    try {
      const version = attempt();
      if (typeof version === 'string') return version;
    } catch {
      // hidden by `exports`, not installed, not resolvable this way: the next way
    }
  }
  return fallback;
}

/** Thrown by a question's function: the request is answered `unsupported` with this reason
 * (the assertion is skipped, not failed). */
export class Unsupported extends Error {}

/** An engine: its name and version, how to build a position, and a function per question. */
export class Shim {
  /**
   * The position a request is about is `position(fen, moves)`: the FEN, then the UCI moves,
   * each played with the library's own legality check. With `play`, it is `position(fen)`, then
   * `play(position, uci)` for each move, which throws if the move is illegal. With `play` and
   * `fen(position)` too, the `play` question answers itself: the FEN after the move, or refused
   * with the message of what `play` threw.
   * A shim declaring 'chess960' in `rules` gets a Chess960 request's position as
   * `position(fen, moves, { variant: 'chess960' })` (`position(fen, { variant: 'chess960' })`
   * with `play`), and its castling moves as the king taking its rook; only such a shim is sent
   * Chess960 requests, so `position` of any other shim is called as before.
   */
  constructor({
    name, version, position, play, fen, rules = [], refusal, castling, conventions = {},
  }) {
    const unknown = rules.filter((rule) => !RULES.includes(rule));
    if (unknown.length) throw new Error(`unknown rules ${unknown}; the rules: ${RULES.join(', ')}`);
    if (castling !== undefined && !CASTLING.includes(castling)) {
      throw new Error(`castling ${JSON.stringify(castling)}; the spellings: ${CASTLING.join(', ')}`);
    }
    for (const [key, value] of Object.entries(conventions)) {
      if (!Object.hasOwn(CONVENTIONS, key)) {
        const known = Object.keys(CONVENTIONS).join(', ');
        throw new Error(`unknown convention ${JSON.stringify(key)}; the conventions: ${known}`);
      }
      if (typeof value !== CONVENTIONS[key]) {
        throw new Error(`convention ${key} is a ${CONVENTIONS[key]}, not ${JSON.stringify(value)}`);
      }
    }
    const clocks = conventions.clocks ?? true;
    const counting = rules.filter((rule) => CLOCK_RULES.includes(rule));
    if (!clocks && counting.length) {
      throw new Error(`a library that keeps no clocks (conventions: { clocks: false }) cannot `
        + `implement ${counting.join(', ')}, which count them`);
    }
    Object.assign(this, {
      name, version, position, play, refusal, castling, conventions: { ...conventions },
      rules: [...rules], answers: new Map(),
    });
    if (play && fen) {
      this.questions({
        play: (position, request) => {
          let result;
          try {
            result = play(position, request.move);
          } catch (e) {
            // A crash, not a refusal: answered as an error naming it.
            if (e instanceof Unsupported || !this.refuses(e)) throw e;
            return { refused: e instanceof Error ? e.message : String(e) };
          }
          if (result === null) return { refused: `${request.move} was refused (play returned null)` };
          let written = fen(position);
          if (!clocks && typeof written === 'string' && written.split(' ').length === 4) {
            written += ' 0 1'; // six fields, as the protocol has them; not compared
          }
          return { played: written };
        },
      });
    }
  }

  /** Whether `error` is the library refusing (a move, a SAN) rather than crashing: an instance
   * of `refusal` (a class, or a list of them) when the shim gave one, else anything but
   * `CRASHES` (a thrown string too). */
  refuses(error) {
    if (this.refusal !== undefined) {
      return [this.refusal].flat().some((type) => error instanceof type);
    }
    return !CRASHES.some((type) => error instanceof type);
  }

  /** Functions by request type, each called as `f(position, request)` (`f(request)` for
   * `validate_fen`). */
  questions(functions) {
    for (const [kind, f] of Object.entries(functions)) {
      if (!Object.hasOwn(QUESTIONS, kind)) {
        const types = Object.keys(QUESTIONS).join(', ');
        throw new Error(`no request type ${JSON.stringify(kind)}; the types: ${types}`);
      }
      this.answers.set(kind, f);
    }
    return this;
  }

  /** The capabilities declared at the handshake: a question's for each function, then the rules. */
  capabilities() {
    const answered = Object.keys(QUESTIONS).filter((kind) => this.answers.has(kind));
    return answered.map((kind) => QUESTIONS[kind]).concat(this.rules);
  }

  /** The position of `fen` after `moves`; in `variant` ('chess960') when it is given. */
  build(fen, moves, variant) {
    const extra = variant === undefined ? [] : [{ variant }];
    if (!this.play) return this.position(fen, moves, ...extra);
    const position = this.position(fen, ...extra);
    for (const uci of moves) {
      if (this.play(position, uci) === null) throw new Error(`the move ${uci} was refused`);
    }
    return position;
  }

  /** The answer object to one request object. */
  answer(request) {
    if (request === null || typeof request !== 'object' || Array.isArray(request)) {
      return { seq: 0, error: 'a request is a JSON object' };
    }
    const seq = request.seq ?? 0;
    const kind = request.type;
    if (kind === 'start') {
      const { name, version, castling, conventions } = this;
      const capabilities = this.capabilities();
      const hello = { protocol: PROTOCOL, name, version, capabilities };
      if (castling !== undefined) hello.castling = castling;
      if (Object.keys(conventions).length) hello.conventions = conventions;
      return { seq, result: hello };
    }
    const f = typeof kind === 'string' ? this.answers.get(kind) : undefined;
    if (!f) return { seq, unsupported: `unknown request type ${JSON.stringify(kind)}` };
    try {
      if (NO_POSITION.has(kind)) return { seq, result: f(request) };
      const board = this.build(request.fen, request.moves, request.variant);
      return { seq, result: f(board, request) };
    } catch (e) {
      if (e instanceof Unsupported) return { seq, unsupported: e.message || `${kind} is unanswered` };
      // A refused position or a crash: an error verdict naming the request and the error.
      const why = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      return { seq, error: `${kind}: ${why}` };
    }
  }

  /** Answers requests, one JSON line each, until stdin ends. console.log and
   * process.stdout.write go to stderr meanwhile; the answers go to the real stdout. */
  async serve() {
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = process.stderr.write.bind(process.stderr);
    for (const method of ['log', 'info', 'debug', 'dir', 'table']) console[method] = console.error;
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
      write(this.replyLine(line) + '\n');
    }
  }

  /** The answer line to one request line. */
  replyLine(line) {
    let request;
    try {
      request = JSON.parse(line);
    } catch (e) {
      return JSON.stringify({ seq: 0, error: `not JSON: ${e.message}` });
    }
    const reply = this.answer(request);
    try {
      return JSON.stringify(reply);
    } catch (e) {
      // A result JSON cannot carry (a BigInt, a cycle): an error naming the request.
      const error = `${request.type}: the answer is not JSON: ${e.message}`;
      return JSON.stringify({ seq: reply.seq, error });
    }
  }
}
