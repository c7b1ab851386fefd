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
import { createInterface } from 'node:readline';

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
  constructor({ name, version, position, play, fen, rules = [] }) {
    const unknown = rules.filter((rule) => !RULES.includes(rule));
    if (unknown.length) throw new Error(`unknown rules ${unknown}; the rules: ${RULES.join(', ')}`);
    Object.assign(this, { name, version, position, play, rules: [...rules], answers: new Map() });
    if (play && fen) {
      this.questions({
        play: (position, request) => {
          try {
            play(position, request.move);
          } catch (e) {
            return { refused: e instanceof Error ? e.message : String(e) };
          }
          return { played: fen(position) };
        },
      });
    }
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
    for (const uci of moves) this.play(position, uci);
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
      const { name, version } = this;
      const capabilities = this.capabilities();
      return { seq, result: { protocol: PROTOCOL, name, version, capabilities } };
    }
    const f = typeof kind === 'string' ? this.answers.get(kind) : undefined;
    if (!f) return { seq, unsupported: `unknown request type ${JSON.stringify(kind)}` };
    try {
      if (NO_POSITION.has(kind)) return { seq, result: f(request) };
      const board = this.build(request.fen, request.moves, request.variant);
      return { seq, result: f(board, request) };
    } catch (e) {
      if (e instanceof Unsupported) return { seq, unsupported: e.message || `${kind} is unanswered` };
      // The library refused: an error verdict naming the request.
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
