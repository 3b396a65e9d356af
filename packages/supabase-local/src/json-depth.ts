// How deeply JSON text nests, found without parsing it. Deep JSON is refused before it reaches code that recurses
// over it: V8's JSON.stringify overflows the call stack at a few thousand levels, and PGlite's WebAssembly stack at
// a few thousand more, which leaves the database unusable. Real JSON is rarely nested more than a few dozen levels.

/** The most nesting (arrays and objects) the stack accepts in a request body by default. */
export const MAX_JSON_DEPTH = 512;

/** Whether `text` nests arrays/objects deeper than `limit` (strings and escapes are skipped; invalid JSON is fine). */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
