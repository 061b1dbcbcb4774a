import sanitize from 'sanitize-html';
import { CONTENT_FILE_URL } from '@zs/shared';

/**
 * The console editor's output and nothing else (docs/decisions/0050): headings 2-4, paragraphs, line
 * breaks, lists, quotes, bold/italic, links, tables and images served from our own uploads. Whatever a
 * client sends, only this survives; attributes are dropped unless listed, event handlers and styles
 * always. Runs on every console write, before the HTML is stored.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'blockquote',
    'strong',
    'em',
    'a',
    'img',
    'table',
    'tbody',
    'thead',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // The text of these is code, not prose: dropped with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave the site without access to it and without passing ranking.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href
        ? { href: attribs.href, target: '_blank', rel: 'noopener noreferrer nofollow' }
        : ({} as Record<string, string>),
    }),
    // Tiptap writes <b>/<i> when pasted text carries them; keep the meaning with the allowed tags.
    b: 'strong',
    i: 'em',
    h1: 'h2',
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !CONTENT_FILE_URL.test(frame.attribs.src ?? '')) ||
    (frame.tag === 'a' && !frame.attribs.href && !frame.text.trim()),
};

const NUMBER = /^\d{1,3}$/;

export function sanitizeRichText(html: string): string {
  const clean = sanitize(html, OPTIONS);
  // colspan/rowspan/start must be small numbers; anything else is dropped rather than trusted.
  return clean.replace(/\s(colspan|rowspan|start)="([^"]*)"/g, (m, _n, v: string) => (NUMBER.test(v) ? m : ''));
}
