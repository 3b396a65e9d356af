// URL parsing as Go's net/url does it (url.Parse and url.ParseRequestURI), for the checks GoTrue bases on it: which
// strings parse at all, and what their scheme, host and fragment are. The WHATWG URL parser differs on exactly the
// inputs those checks are about ("invalid-uri" parses in Go, as a bare path, and fails there for want of a host).

/** The parts GoTrue's checks read; `host` keeps the port, `hostname` is Go's `Hostname()`. */
export interface GoUrl {
  scheme: string;
  host: string;
  hostname: string;
  fragment: string;
}

/** Go refuses a URL holding an ASCII control character. */
const hasControl = (value: string) => [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
const BAD_ESCAPE = /%(?![0-9a-fA-F]{2})/;
// Characters Go leaves unescaped in a host: unreserved ones, sub-delimiters, ':', brackets, and <>" .
const HOST_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:[\]<>"%\u0080-\uffff]*$/;
const PORT = /^(:\d*)?$/;

function parseHost(host: string): { host: string; hostname: string } | null {
  let hostname = host;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0 || !PORT.test(host.slice(end + 1))) return null;
    hostname = host.slice(1, end);
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0) {
      if (!PORT.test(host.slice(colon))) return null;
      hostname = host.slice(0, colon);
    }
  }
  if (BAD_ESCAPE.test(host) || !HOST_CHARS.test(host)) return null;
  return { host, hostname };
}

/**
 * `url.Parse(raw)` (or `url.ParseRequestURI(raw)` when `viaRequest`), reduced to the parts GoTrue reads; null where
 * Go answers an error.
 */
export function parseGoUrl(raw: string, viaRequest = false): GoUrl | null {
  if (hasControl(raw) || (viaRequest && raw === '')) return null;
  let rest = raw;
  let fragment = '';
  if (!viaRequest) {
    const hash = raw.indexOf('#');
    if (hash >= 0) {
      fragment = raw.slice(hash + 1);
      rest = raw.slice(0, hash);
      if (BAD_ESCAPE.test(fragment)) return null;
    }
  }
  let scheme = '';
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest);
  if (schemeMatch) {
    scheme = schemeMatch[1]!.toLowerCase();
    rest = rest.slice(schemeMatch[0].length);
  } else if (rest.startsWith(':')) {
    return null; // "missing protocol scheme"
  }
  const query = rest.indexOf('?');
  if (query >= 0) rest = rest.slice(0, query);
  const empty = { scheme, host: '', hostname: '', fragment };
  if (!rest.startsWith('/')) {
    if (scheme) return empty; // an opaque URL such as mailto:x
    if (viaRequest) return null; // "invalid URI for request"
    const firstSegment = rest.split('/')[0]!;
    if (firstSegment.includes(':')) return null; // "first path segment in URL cannot contain colon"
  }
  if ((scheme || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    const end = rest.indexOf('/', 2);
    const authority = end < 0 ? rest.slice(2) : rest.slice(2, end);
    rest = end < 0 ? '' : rest.slice(end);
    const at = authority.lastIndexOf('@');
    const parsed = parseHost(at < 0 ? authority : authority.slice(at + 1));
    if (!parsed) return null;
    if (BAD_ESCAPE.test(rest)) return null;
    return { scheme, ...parsed, fragment };
  }
  if (BAD_ESCAPE.test(rest)) return null;
  return empty;
}
