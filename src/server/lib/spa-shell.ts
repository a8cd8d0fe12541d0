import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from './hot-cache.ts';

export type BootData = { json: string; images: string[] };

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The SPA's index.html with one page's boot data (a JSON data block, which the CSP allows as it never runs) and
 * preloads for its first images put into the head. It carries the member's data, so it is never cached.
 */
export function createSpaShell(indexHtml: string) {
  return (req: FastifyRequest, reply: FastifyReply, boot: BootData) => {
    // '<' is escaped so no text in the data can close the block.
    const data = boot.json.replace(/</g, '\\u003c');
    const preloads = boot.images
      .map((src) => `<link rel="preload" as="image" href="${attr(src)}" fetchpriority="high">`)
      .join('');
    const html = indexHtml.replace(
      '</head>',
      `${preloads}<script id="boot-data" type="application/json">${data}</script></head>`,
    );
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('vary', 'cookie, accept-encoding');
    if (!acceptsGzip(req.headers['accept-encoding'])) return reply.send(html);
    return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  };
}
