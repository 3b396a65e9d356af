// Splitting a SQL file into its statements, for naming the line of the statement that failed.

/** One statement of a SQL file: its text and the offset of its first character (comments and blanks skipped). */
export interface SqlStatement {
  text: string;
  offset: number;
}

const WORD = /[A-Za-z0-9_$]/;

/**
 * Splits SQL at top-level semicolons, skipping quotes ('…', E'…', "…"), dollar quotes ($tag$…$tag$), comments
 * (--, nested /* *\/) and SQL-standard `begin atomic … end` bodies. Statements that are only comments are dropped.
 */
export function splitStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = -1; // offset of the current statement's first significant character
  let atomicDepth = 0;
  let lastWords: string[] = [];
  let i = 0;
  const flush = (end: number) => {
    if (start >= 0) statements.push({ text: sql.slice(start, end), offset: start });
    start = -1;
    atomicDepth = 0;
    lastWords = [];
  };
  while (i < sql.length) {
    const c = sql[i] as string;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
      continue;
    }
    if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < sql.length && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (start < 0) start = i;
    if (c === ';') {
      if (atomicDepth > 0) {
        i++;
        continue;
      }
      flush(i + 1);
      i++;
      continue;
    }
    if (c === "'") {
      const escapes = i > 0 && /[eE]/.test(sql[i - 1] as string) && !(i > 1 && WORD.test(sql[i - 2] as string));
      i++;
      while (i < sql.length) {
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i++;
      }
      i++;
      continue;
    }
    if (c === '"') {
      i++;
      while (i < sql.length) {
        if (sql[i] === '"' && sql[i + 1] === '"') i += 2;
        else if (sql[i] === '"') break;
        else i++;
      }
      i++;
      continue;
    }
    if (c === '$' && !(i > 0 && WORD.test(sql[i - 1] as string))) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 64));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? sql.length : end + tag[0].length;
        continue;
      }
    }
    if (/[A-Za-z_]/.test(c)) {
      let j = i;
      while (j < sql.length && WORD.test(sql[j] as string)) j++;
      const word = sql.slice(i, j).toLowerCase();
      if (word === 'atomic' && lastWords[lastWords.length - 1] === 'begin') atomicDepth++;
      else if (atomicDepth > 0 && word === 'case') atomicDepth++;
      else if (atomicDepth > 0 && word === 'end') atomicDepth--;
      lastWords = [...lastWords.slice(-2), word];
      i = j;
      continue;
    }
    i++;
  }
  flush(sql.length);
  return statements;
}

/** The 1-based line of an offset in a text. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
