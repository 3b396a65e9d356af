// A real HTTP server standing in for an OpenAI-compatible model (and, when asked, for GoTrue's /auth/v1/user),
// recording every request it receives so tests can assert what was sent, or that nothing was.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

export type Reply = (request: Received, res: ServerResponse) => void | Promise<void>;

export async function startModelServer(): Promise<{
  url: string;
  received: Received[];
  reply: { current: Reply };
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const reply: { current: Reply } = {
    current: (_req, res) => {
      res.writeHead(500).end();
    },
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = {
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    received.push(request);
    await reply.current(request, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    reply,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

/** An OpenAI-style chat completion whose first choice says `text`. */
export const completion = (text: string) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
});
