// Serves a built app the way the static hosts do: files from the folder, index.html for any other path outside
// /assets/ (the SPA fallback), and the headers of the generated `_headers` file. The CSP end-to-end test runs the
// app under exactly the policy a deployment sends.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

export interface HeaderRule {
  path: string;
  headers: [name: string, value: string][];
}

/** Parses Netlify's `_headers` format: a path line, then indented `Name: value` lines; `#` starts a comment. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(':');
    if (!rule || colon < 0) throw new Error(`_headers: a header line outside a path, or without a colon: "${line}"`);
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Whether a `_headers` path pattern (`*` matches the rest, across slashes) matches a request path. */
export function pathMatches(pattern: string, path: string): boolean {
  const regex = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`);
  return regex.test(path);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/** Every header of every rule that matches, as the hosts apply them. */
export function headersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!pathMatches(rule.path, path)) continue;
    for (const [name, value] of rule.headers) {
      headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
    }
  }
  return headers;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/** Starts a server for `dir` on 127.0.0.1 (a free port unless given); resolves with its origin. */
export async function serveDist(dir: string, port = 0): Promise<{ origin: string; server: Server }> {
  const rules = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(dir, path));
    const inside = file.startsWith(dir) && !path.split('/').some((part) => part.startsWith('_'));
    let served = inside && existsSync(file) && statSync(file).isFile() ? file : undefined;
    if (!served && path === '/') served = join(dir, 'index.html');
    if (!served && !path.startsWith('/assets/')) served = join(dir, 'index.html');
    if (!served) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    // The fallback answers with index.html's headers, as the hosts' rewrites do.
    const headerPath = served === join(dir, 'index.html') && path !== '/' ? '/index.html' : path;
    res.writeHead(200, {
      'content-type': TYPES[extname(served)] ?? 'application/octet-stream',
      ...headersFor(rules, headerPath),
    });
    res.end(readFileSync(served));
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
