import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { Code } from '@zs/shared';
import { fail } from '../lib/envelope.ts';
import { notFoundHead, notFoundMain, readPageTemplate, renderPage } from '../lib/html-page.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached. The page routes are the
 * seo module's (their own head and text, docs/decisions/0078); any other page path answers HTTP 404 with the
 * 页面不存在 page, which the app then shows as well. Unknown /api paths answer the envelope 404 instead.
 */
export default fp(
  async function web(app: FastifyInstance) {
    const dist = app.config.webDist;
    const indexFile = path.join(dist, 'index.html');
    const hasWeb = fs.existsSync(indexFile);
    if (!hasWeb) app.log.warn({ dist }, 'web build not found: only /api is served (run `npm run build`)');

    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: dist,
        index: false,
        wildcard: true,
        cacheControl: false,
        setHeaders(res, filePath) {
          const rel = path.relative(dist, filePath).split(path.sep).join('/');
          if (rel.startsWith('assets/')) res.header('cache-control', IMMUTABLE);
          else if (rel === 'index.html') res.header('cache-control', 'no-cache');
          else res.header('cache-control', 'public, max-age=3600');
        },
      });
    }

    app.setNotFoundHandler((req, reply) => {
      const url = req.url.split('?')[0] ?? '';
      if (url === '/api' || url.startsWith('/api/')) {
        return reply.status(200).send(fail(Code.NOT_FOUND, '接口不存在'));
      }
      // An unknown page: the app's shell with the not-found text, so a crawler sees a real 404; files a plain one.
      const isPage = (req.method === 'GET' || req.method === 'HEAD') && !path.extname(url);
      if (hasWeb && isPage) {
        const html = renderPage(readPageTemplate(dist), notFoundHead(), notFoundMain());
        return reply.status(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
      }
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    });
  },
  { name: 'web', dependencies: ['config'] },
);
