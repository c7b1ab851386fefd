// The chess-conformance catalogue: every case of one rule area, as the JSON export
// (`chess-conformance generate`) writes it, read from the files shipped in this package.
//
//   import { areas, cases, version, schemaPath } from 'chess-conformance-cases';
//   for (const area of areas()) console.log(area, cases({ area }).length);
//
// Each area's file is parsed once, on first use, and the same array is returned after that:
// treat it as read-only (copy with structuredClone before changing a case).

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DATA = new URL('./data/', import.meta.url);

/** The catalogue's version (semantic: see the package's README), which is this package's. */
export const version = readFileSync(new URL('VERSION', DATA), 'utf8').trim();

/** The absolute path of the JSON Schema (draft 2020-12) every area's file follows. */
export const schemaPath = fileURLToPath(new URL('schema/cases.schema.json', DATA));

const AREAS = readdirSync(new URL('json/', DATA))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))
  .sort();

const parsed = new Map();

/** The rule areas, sorted by name (`castling`, `check`, ...). */
export function areas() {
  return [...AREAS];
}

/** The absolute path of one area's JSON file (`{"description": ..., "cases": [...]}`). */
export function casesPath(area) {
  if (!AREAS.includes(area)) {
    throw new Error(`chess-conformance-cases ${version}: no rule area ${JSON.stringify(area)}; the areas are ${AREAS.join(', ')}`);
  }
  return fileURLToPath(new URL(`json/${area}.json`, DATA));
}

/**
 * The cases of one rule area (`cases({ area: 'castling' })`), or of every area in the order of
 * `areas()` (`cases()`). An unknown area is an error that names the known ones.
 */
export function cases({ area } = {}) {
  if (area === undefined) return AREAS.flatMap((name) => cases({ area: name }));
  let list = parsed.get(area);
  if (list === undefined) {
    const path = casesPath(area);
    list = JSON.parse(readFileSync(path, 'utf8')).cases;
    if (!Array.isArray(list)) throw new Error(`${path}: no "cases" array`);
    parsed.set(area, list);
  }
  return list;
}

/** The JSON Schema of an area's file, parsed. */
export function schema() {
  return JSON.parse(readFileSync(schemaPath, 'utf8'));
}
