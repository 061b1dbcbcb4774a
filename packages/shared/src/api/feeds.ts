import { z } from 'zod';
import { download } from './endpoint.ts';

/**
 * Public Atom feeds (RFC 4287, issue 27, docs/alerts.md): answered as `application/atom+xml`, cacheable (ETag,
 * Last-Modified, 304 on a matching If-None-Match). Bad parameters answer the usual failure envelope in Chinese; a
 * series or class nothing belongs to is an empty feed.
 */
const series = z
  .string({ error: '标准系列格式不正确' })
  .trim()
  .min(1, '标准系列不能为空')
  .max(20, '标准系列不能超过20个字符')
  .regex(/^[A-Za-z0-9/.-]+$/, '标准系列格式不正确，例如 DB4420/T、GB/T')
  .optional();
const ccs = z
  .string({ error: 'CCS分类号格式不正确' })
  .trim()
  .regex(/^[A-Za-z](\d{2})?$/, 'CCS分类号格式不正确，例如 P 或 P32')
  .optional();
const ics = z
  .string({ error: 'ICS分类号格式不正确' })
  .trim()
  .regex(/^\d{2}(\.\d{3}(\.\d{2})?)?$/, 'ICS分类号格式不正确，例如 91 或 91.140.10')
  .optional();

/** New standards, newest publication first: all, or of one series (`DB4420/T`) or class (CCS `P32`, ICS `91.140`). */
export const standardsFeed = download({
  method: 'GET',
  path: '/api/feeds/standards.atom',
  query: z.object({ series, ccs, ics }),
});
/** Status changes (被代替, 废止 …) with the replacing standard, newest first; optionally of one series. */
export const statusFeed = download({
  method: 'GET',
  path: '/api/feeds/status.atom',
  query: z.object({ series }),
});
/** The newest published news (政策资讯). */
export const newsFeed = download({ method: 'GET', path: '/api/feeds/news.atom' });
