import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/feeds';
import { downloadSchema } from '../../lib/contract.ts';
import { etagOf, matchesEtag, renderAtom, type AtomFeed } from './atom.ts';
import { newsFeed, seriesPrefix, standardsFeed, statusFeed } from './feeds.ts';

const tags = ['feeds'];
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** Readers poll; five minutes of caching spares the database and still tells a change the same hour. */
const CACHE_CONTROL = 'public, max-age=300';

/** The address the reader used (X-Forwarded-* only behind TRUST_PROXY), as the crawler pages build theirs. */
const originOf = (req: FastifyRequest) => `${req.protocol}://${HOST.test(req.host) ? req.host : '127.0.0.1'}`;

/**
 * Sends a feed with its validators: a strong ETag of the bytes and Last-Modified of the newest entry; a matching
 * If-None-Match (or, without one, an If-Modified-Since not older than the newest entry) answers 304 with no body.
 */
function sendFeed(req: FastifyRequest, reply: FastifyReply, feed: AtomFeed) {
  const { xml, updated } = renderAtom(feed);
  const etag = etagOf(xml);
  const lastModified = new Date(updated).toUTCString();
  reply.header('etag', etag).header('last-modified', lastModified).header('cache-control', CACHE_CONTROL);
  const inm = req.headers['if-none-match'];
  const ims = req.headers['if-modified-since'];
  const notModified =
    inm !== undefined ? matchesEtag(inm, etag) : ims !== undefined && Date.parse(ims) >= Date.parse(lastModified);
  if (notModified) return reply.status(304).send();
  return reply.type('application/atom+xml; charset=utf-8').send(xml);
}

/** The public Atom feeds (RFC 4287): new standards by series or class, status changes, news (/api/feeds/*). */
export default fp(
  async function feedRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const self = (req: FastifyRequest) => `${originOf(req)}${req.url}`;
    r.get(
      api.standardsFeed.path,
      {
        schema: {
          tags,
          summary: '新发布标准的 Atom 订阅（可按标准系列、CCS 或 ICS 分类）',
          ...downloadSchema(api.standardsFeed),
        },
      },
      async (req, reply) => {
        const f = { prefix: seriesPrefix(req.query.series), ccs: req.query.ccs?.toUpperCase(), ics: req.query.ics };
        return sendFeed(req, reply, await standardsFeed(app.db, originOf(req), self(req), f));
      },
    );
    r.get(
      api.statusFeed.path,
      { schema: { tags, summary: '标准状态变更（被代替、废止等，附代替标准）的 Atom 订阅', ...downloadSchema(api.statusFeed) } },
      async (req, reply) =>
        sendFeed(req, reply, await statusFeed(app.db, originOf(req), self(req), { prefix: seriesPrefix(req.query.series) })),
    );
    r.get(api.newsFeed.path, { schema: { tags, summary: '政策资讯的 Atom 订阅' } }, async (req, reply) =>
      sendFeed(req, reply, await newsFeed(app.db, originOf(req), self(req))),
    );
  },
  { name: 'feed-routes', dependencies: ['db', 'envelope'] },
);
