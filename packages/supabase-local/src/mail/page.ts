// The inbox as plain, accessible HTML: a landmark, headings, a table with a caption, real links.

import type { StoredMessage } from './index.ts';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fafafa; }
  main { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
  table { border-collapse: collapse; width: 100%; background: #fff; }
  caption { text-align: left; padding: 0.5rem 0; color: #444; }
  th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
  a { color: #0b57d0; }
  a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
  pre { white-space: pre-wrap; background: #fff; padding: 1rem; border: 1px solid #ddd; }
  ul.links { padding-left: 1.25rem; margin: 0; }
  form { margin: 1rem 0; display: flex; gap: 0.5rem; align-items: end; }
  label { display: flex; flex-direction: column; font-size: 0.9rem; }
  input, button { font: inherit; padding: 0.25rem 0.5rem; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function time(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  return `<time datetime="${date.toISOString()}">${escapeHtml(date.toISOString().replace('T', ' ').slice(0, 19))} UTC</time>`;
}

function linkList(links: string[]): string {
  if (links.length === 0) return '<span>No links</span>';
  return `<ul class="links">${links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>`;
}

export function inboxPage(messages: (StoredMessage & { links?: string[] })[], to: string): string {
  const rows = messages
    .map((m) => {
      const links = m.links ?? [];
      return `<tr>
<td>${time(m.created_at)}</td>
<td>${escapeHtml(m.recipient)}</td>
<td><a href="/inbox/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td>
<td>${linkList(links)}</td>
</tr>`;
    })
    .join('\n');
  const table =
    messages.length === 0
      ? '<p role="status">No messages yet. Mail the auth service sends (sign-up confirmations, magic links, password resets) appears here.</p>'
      : `<table>
<caption>${messages.length} message${messages.length === 1 ? '' : 's'}, newest first</caption>
<thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Links</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return layout(
    'Inbox',
    `<h1>Inbox</h1>
<form method="get" action="/inbox" role="search">
<label for="to">Recipient<input id="to" name="to" type="email" value="${escapeHtml(to)}"></label>
<button type="submit">Filter</button>
</form>
${table}`,
  );
}

export function messagePage(message: StoredMessage, links: string[]): string {
  return layout(
    message.subject,
    `<p><a href="/inbox">Back to the inbox</a></p>
<h1>${escapeHtml(message.subject)}</h1>
<dl>
<dt>To</dt><dd>${escapeHtml(message.recipient)}</dd>
<dt>Received</dt><dd>${time(message.created_at)}</dd>
</dl>
<h2>Links</h2>
${linkList(links)}
<h2>Message</h2>
<pre>${escapeHtml(message.body_text)}</pre>`,
  );
}
