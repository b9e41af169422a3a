/**
 * JSON from outside (request bodies, socket frames, JSON text inside a field) is
 * checked for its shape before it is parsed: no message of ours nests past a few
 * levels, and a deep one makes every recursive walk after the parse (ours, zod's,
 * a logger's) cost stack and time; thousands of keys cost the parse itself. The
 * check is one pass over the characters.
 */

/** Deepest nesting any JSON we accept may have (a body with a list of objects is 3). */
export const JSON_MAX_DEPTH = 32;
/**
 * Most object keys in one JSON text, all objects together: the largest body of ours
 * (50 call participants of 5 fields) has about 250. Thousands of distinct keys cost
 * JSON.parse milliseconds; arrays of plain values are cheap and not counted.
 */
export const JSON_MAX_KEYS = 1000;
/**
 * Most entries (keys and list items, counted by their commas) in one JSON text: the
 * longest list of ours is a system notification's 1,000 chosen users. Each entry is
 * checked by its schema after the parse; tens of thousands cost milliseconds.
 */
export const JSON_MAX_ENTRIES = 2048;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COLON = 0x3a;
const COMMA = 0x2c;

/** What makes a JSON text too costly to take: nested too deep, too many keys or too many entries. */
export type JsonShapeFault = 'depth' | 'keys' | 'entries';

/**
 * Why `text` is too costly to parse, or undefined. Counts nesting, keys and entries outside
 * strings; the text need not be valid JSON (JSON.parse judges that after).
 */
export function jsonShapeFault(text: string): JsonShapeFault | undefined {
  let depth = 0;
  let keys = 0;
  let entries = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > JSON_MAX_DEPTH) return 'depth';
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    } else if (c === COLON) {
      if (++keys > JSON_MAX_KEYS) return 'keys';
    } else if (c === COMMA) {
      if (++entries > JSON_MAX_ENTRIES) return 'entries';
    }
  }
  return undefined;
}

/** Thrown by parseJson for text past JSON_MAX_DEPTH, JSON_MAX_KEYS or JSON_MAX_ENTRIES. */
export class JsonTooCostly extends Error {
  constructor(readonly fault: JsonShapeFault) {
    super(`JSON too costly to parse: ${fault}`);
    this.name = 'JsonTooCostly';
  }
}

/** JSON.parse for text from outside: refuses a costly shape before parsing (JsonTooCostly, or SyntaxError). */
export function parseJson(text: string): unknown {
  const fault = jsonShapeFault(text);
  if (fault) throw new JsonTooCostly(fault);
  return JSON.parse(text) as unknown;
}
