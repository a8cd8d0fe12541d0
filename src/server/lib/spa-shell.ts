import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from './hot-cache.ts';

/** A page's boot data (JSON), the images its first screen shows, and its first paint's HTML when rendered. */
export type BootData = { json: string; images: string[]; html?: string; lang?: string };

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The built stylesheets go inside the page (decision 015): on a slow network a linked one costs a round trip
 * before anything is painted, and the app has one small stylesheet that every page needs.
 */
function inlineStylesheets(indexHtml: string, clientDir: string) {
  return indexHtml.replace(/<link rel="stylesheet"[^>]*? href="(\/[^"]+\.css)"[^>]*>/g, (link, href: string) => {
    const file = path.join(clientDir, href);
    if (!file.startsWith(clientDir) || !fs.existsSync(file)) return link;
    return `<style>${fs.readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/**
 * The SPA's index.html with one page's boot data (a JSON data block, which the CSP allows as it never runs),
 * preloads for its first images at the top of the head, and the page's first paint inside #root when the server
 * rendered it. It carries the member's data, so it is never cached.
 */
export function createSpaShell(indexHtml: string, clientDir?: string) {
  const page = clientDir ? inlineStylesheets(indexHtml, path.resolve(clientDir)) : indexHtml;
  return (req: FastifyRequest, reply: FastifyReply, boot: BootData) => {
    // '<' is escaped so no text in the data can close the block.
    const data = boot.json.replace(/</g, '\\u003c');
    const preloads = boot.images
      .map((src) => `<link rel="preload" as="image" href="${attr(src)}" fetchpriority="high">`)
      .join('');
    // Replacer functions: a '$' in the data is text, not a replacement pattern.
    const html = page
      .replace('<html lang="en">', () => `<html lang="${attr(boot.lang ?? 'en')}">`)
      .replace('</title>', () => `</title>${preloads}`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${boot.html ?? ''}</div><script id="boot-data" type="application/json">${data}</script>`,
      );
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('vary', 'cookie, accept-encoding');
    if (!acceptsGzip(req.headers['accept-encoding'])) return reply.send(html);
    return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  };
}
