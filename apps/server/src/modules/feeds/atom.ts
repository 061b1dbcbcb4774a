import crypto from 'node:crypto';
import { stripControlChars } from '@zs/shared';

/** One entry of an Atom feed (RFC 4287 §4.1.2): id, title, updated, a link to the page, and a text summary. */
export interface AtomEntry {
  id: string;
  title: string;
  /** RFC 3339 time. */
  updated: string;
  link: string;
  summary: string;
  categories?: string[];
}

export interface AtomFeed {
  /** The feed's own address (rel="self"), also its id. */
  self: string;
  title: string;
  subtitle: string;
  /** The web page the feed follows (rel="alternate"). */
  alternate: string;
  author: string;
  entries: AtomEntry[];
}

/** XML 1.0 text: the five escapes, and characters XML cannot hold at all (C0 controls but tab/newline/CR) left out. */
export function xmlText(s: string): string {
  return stripControlChars(s, { keepLines: true })
    .replace(/[\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** A time as RFC 3339 (what Atom's date constructs take), from a database timestamp or a day. */
export function rfc3339(value: string | Date): string {
  const d = value instanceof Date ? value : new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+08:00` : value);
  return Number.isNaN(d.getTime()) ? new Date(0).toISOString() : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The feed as UTF-8 XML. `updated` of the feed is its newest entry's (or the epoch for an empty feed, so an empty
 * feed's ETag and Last-Modified stay the same until something appears).
 */
export function renderAtom(feed: AtomFeed): { xml: string; updated: string } {
  const updated = feed.entries.reduce((max, e) => (e.updated > max ? e.updated : max), rfc3339(new Date(0)));
  const entries = feed.entries.map(
    (e) =>
      '  <entry>\n' +
      `    <id>${xmlText(e.id)}</id>\n` +
      `    <title type="text">${xmlText(e.title)}</title>\n` +
      `    <updated>${e.updated}</updated>\n` +
      `    <link rel="alternate" type="text/html" href="${xmlText(e.link)}"/>\n` +
      (e.categories ?? []).map((c) => `    <category term="${xmlText(c)}"/>\n`).join('') +
      `    <summary type="text">${xmlText(e.summary)}</summary>\n` +
      '  </entry>\n',
  );
  const xml =
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-CN">\n' +
    `  <id>${xmlText(feed.self)}</id>\n` +
    `  <title type="text">${xmlText(feed.title)}</title>\n` +
    `  <subtitle type="text">${xmlText(feed.subtitle)}</subtitle>\n` +
    `  <updated>${updated}</updated>\n` +
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feed.self)}"/>\n` +
    `  <link rel="alternate" type="text/html" href="${xmlText(feed.alternate)}"/>\n` +
    `  <author><name>${xmlText(feed.author)}</name></author>\n` +
    entries.join('') +
    '</feed>\n';
  return { xml, updated };
}

/** A strong validator of the exact bytes sent. */
export const etagOf = (xml: string) => `"${crypto.createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;

/** RFC 9110 §13.1.2: If-None-Match is a list of tags (weak comparison) or `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => bare(t) === bare(etag));
}
