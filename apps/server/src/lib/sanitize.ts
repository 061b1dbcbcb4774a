import { stripControlChars } from '@zs/shared/control-chars';
import xssDefault from 'xss';
import type * as Xss from 'xss';

// xss is CommonJS: its class and helpers hang off the default export at run time.
const { FilterXSS, safeAttrValue: defaultSafeAttrValue } = xssDefault as unknown as typeof Xss;

/**
 * The only HTML the portal stores: a strict whitelist of text structure, links and images. Every
 * write path (seeds, operator edits) runs body HTML through `sanitizeHtml` before it is stored, so
 * what the web renders with dangerouslySetInnerHTML is already inert.
 */
const whiteList: Record<string, string[]> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  ul: [],
  ol: [],
  li: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

const HTTP_URL = /^https?:\/\/[^\s"'<>]+$/i;
const IMG_URL = /^(https:\/\/[^\s"'<>]+|\/api\/(?:user\/)?files\/\d+)$/i;
const NUMBER = /^\d{1,4}$/;

const filter = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  // Drop the content of these along with the tag: their text is code, not prose.
  stripIgnoreTagBody: ['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'textarea'],
  allowCommentTag: false,
  css: false,
  safeAttrValue(tag, name, value, cssFilter) {
    // The default unescapes entities (&#106;avascript:) and escapes quotes; then the stricter rules.
    const v = defaultSafeAttrValue(tag, name, value, cssFilter).trim();
    if (name === 'href') return HTTP_URL.test(v) ? v : '';
    if (name === 'src') return IMG_URL.test(v) ? v : '';
    if (name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan') return NUMBER.test(v) ? v : '';
    return v;
  },
});

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const clean = filter.process(html);
  // Links open outside the page and cannot reach back to it.
  return clean.replace(/<a(?=[\s>])/g, '<a rel="noopener noreferrer" target="_blank"');
}

/** Plain text for titles and summaries: no tags at all, control characters removed. */
export function plainText(text: string | null | undefined): string {
  if (!text) return '';
  return stripControlChars(text.replace(/<[^>]*>/g, ''), { keepLines: true });
}
