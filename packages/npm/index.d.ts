// Types of the loader. A case's fields and assertions are specified by the JSON Schema shipped
// beside the data (`schemaPath`, or the `chess-conformance-cases/schema` export); only the fields
// every case has, and the common optional ones, are typed here.

/** One case of the catalogue: a position, how it was reached, and what the rules say of it. */
export interface Case {
  /** Permanent id, `<area>/<name>` (generated cases: `<area>/<kind>/<content hash>`). */
  id: string;
  title: string;
  /** The FIDE Laws article (or Guidelines, for Chess960) the case tests. */
  rule: string;
  /** The starting position (X-FEN for Chess960). */
  fen: string;
  /** The history played from `fen`, in UCI. */
  moves?: string[];
  tags?: string[];
  /** Absent for standard chess; `chess960` for Chess960. */
  variant?: 'chess960';
  /** Pieces beyond the standard six the case uses. */
  pieces?: Array<Record<string, unknown>>;
  /** The assertions (`legal`, `check`, `state`, `perft`, ...): see the schema. */
  expect: Record<string, unknown>;
  [field: string]: unknown;
}

/** The catalogue's version, which is this package's. */
export const version: string;
/** The absolute path of the JSON Schema every area's file follows. */
export const schemaPath: string;
/** The rule areas, sorted by name. */
export function areas(): string[];
/** The absolute path of one area's JSON file; an unknown area throws. */
export function casesPath(area: string): string;
/** The cases of one area, or of every area in the order of `areas()`; an unknown area throws. */
export function cases(options?: { area?: string }): readonly Case[];
/** The JSON Schema of an area's file, parsed. */
export function schema(): Record<string, unknown>;
