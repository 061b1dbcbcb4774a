import { createElement, useMemo, type ReactNode } from 'react';

/**
 * Renders stored rich text by rebuilding it as React elements from a whitelist (the server sanitises
 * on store; this is the second line). Unknown tags are dropped but their text is kept; scripts and
 * styles are dropped whole; only http(s) links and https, /api/files or console-upload images survive.
 */
const TAGS = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'img',
  'span',
  'div',
  'sub',
  'sup',
  'hr',
]);
const DROP = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'form']);
const VOID = new Set(['br', 'img', 'hr']);
const SAFE_HREF = /^https?:\/\//i;
// Console uploads: /api/content/files/<id>/<key> (docs/decisions/0050).
const SAFE_SRC = /^(https:\/\/|\/api\/files\/\d+$|\/api\/content\/files\/\d+\/[0-9a-f]{16}$)/i;

function attrsOf(el: Element, key: string): Record<string, string> | null {
  const tag = el.tagName.toLowerCase();
  const props: Record<string, string> = { key };
  if (tag === 'a') {
    const href = el.getAttribute('href') ?? '';
    if (SAFE_HREF.test(href)) Object.assign(props, { href, target: '_blank', rel: 'noopener noreferrer' });
  } else if (tag === 'img') {
    const src = el.getAttribute('src') ?? '';
    if (!SAFE_SRC.test(src)) return null;
    Object.assign(props, { src, alt: el.getAttribute('alt') ?? '' });
  } else if (tag === 'td' || tag === 'th') {
    for (const name of ['colspan', 'rowspan'] as const) {
      const v = el.getAttribute(name);
      if (v && /^\d{1,2}$/.test(v)) props[name === 'colspan' ? 'colSpan' : 'rowSpan'] = v;
    }
  }
  return props;
}

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROP.has(tag)) return null;
  const children = Array.from(el.childNodes, (c, i) => toReact(c, `${key}.${i}`));
  if (!TAGS.has(tag)) return children;
  const props = attrsOf(el, key);
  if (!props) return null;
  return VOID.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
}

export function sanitizeToReact(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes, (n, i) => toReact(n, String(i)));
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const nodes = useMemo(() => sanitizeToReact(html), [html]);
  return <div className={className ?? 'rich-text'}>{nodes}</div>;
}
