// Media types (RFC 9110 §8.3.1) as Supabase Storage checks them since storage#1397: one strict parser for upload
// content types and bucket allow lists, case-insensitive matching on `type/subtype`, parameters ignored. A value that
// does not parse (`image/png;,text/html`, `image/png, text/html`, `image//png`) is refused, never trimmed into shape.

export interface MediaType {
  /** `type/subtype`, lower-cased. */
  essence: string;
  type: string;
  subtype: string;
  /** Parameter names lower-cased, values unquoted. */
  parameters: [string, string][];
}

// token = 1*tchar; quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE; OWS = *( SP / HTAB )
const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
const QUOTED = '"(?:[\\t !#-\\[\\]-~\\x80-\\xff]|\\\\[\\t -~\\x80-\\xff])*"';
const HEAD = new RegExp(`^(${TOKEN})/(${TOKEN})`);
// parameters = *( OWS ";" OWS [ parameter ] ), parameter = token "=" ( token / quoted-string )
const PARAMETER = new RegExp(`[\\t ]*;[\\t ]*(?:(${TOKEN})=(${TOKEN}|${QUOTED}))?`, 'y');

/**
 * Parses a media type. Wildcards are refused, except a `type/*` subtype when `allowWildcard` (bucket allow lists).
 * Leading and trailing whitespace is not part of a field value and is ignored.
 */
export function parseMediaType(value: string, allowWildcard = false): MediaType | undefined {
  const text = value.replace(/^[\t ]+|[\t ]+$/g, '');
  if (text.length > 1000) return undefined;
  const head = HEAD.exec(text);
  if (!head) return undefined;
  const type = (head[1] as string).toLowerCase();
  const subtype = (head[2] as string).toLowerCase();
  if (type.includes('*') || (subtype.includes('*') && !(allowWildcard && subtype === '*'))) return undefined;
  const parameters: [string, string][] = [];
  let offset = head[0].length;
  while (offset < text.length) {
    PARAMETER.lastIndex = offset;
    const match = PARAMETER.exec(text);
    if (!match || PARAMETER.lastIndex === offset) return undefined;
    if (match[1]) {
      const raw = match[2] as string;
      const unquoted = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
      parameters.push([match[1].toLowerCase(), unquoted]);
    }
    offset = PARAMETER.lastIndex;
  }
  return { essence: `${type}/${subtype}`, type, subtype, parameters };
}

/** A bucket allow list stored as Storage stores it: lower-cased `type/subtype` (or `type/*`), no duplicates. */
export function normalizeAllowedMimeTypes(values: readonly string[]): string[] | { invalid: string } {
  const normalized = new Set<string>();
  for (const value of values) {
    const parsed = parseMediaType(value, true);
    if (!parsed) return { invalid: value };
    normalized.add(parsed.essence);
  }
  return [...normalized];
}

/** Whether `mediaType` is one of `allowed` (exact `type/subtype` or `type/*`); entries that do not parse never match. */
export function isAllowedMediaType(mediaType: MediaType, allowed: readonly string[]): boolean {
  const wildcard = `${mediaType.type}/*`;
  return allowed.some((entry) => {
    const parsed = parseMediaType(entry, true);
    return parsed !== undefined && (parsed.essence === mediaType.essence || parsed.essence === wildcard);
  });
}

/**
 * Types a browser renders as a document that can run script: HTML (Storage serves it as text/plain), and XML in
 * any of its forms (SVG, XHTML, XSLT, …), which Storage serves unchanged; here those go out as attachments.
 */
export function isScriptable(mediaType: MediaType): boolean {
  const { essence, subtype } = mediaType;
  return (
    essence === 'text/html' ||
    essence === 'text/xml' ||
    essence === 'application/xml' ||
    essence === 'text/xsl' ||
    essence === 'multipart/x-mixed-replace' ||
    subtype.endsWith('+xml')
  );
}
