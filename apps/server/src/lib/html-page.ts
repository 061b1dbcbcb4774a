import fs from 'node:fs';
import path from 'node:path';
import { SITE_NAME } from '@zs/shared/pages';

/**
 * The HTML page the server sends for a page route (docs/decisions/0078): the built index.html with the page's
 * own head (title, description, canonical link, Open Graph) and its main text inside `<div id="app">`, which
 * the app's createRoot replaces on its first render. Crawlers that run no JavaScript read the text.
 */
export interface PageHead {
  /** The whole `<title>`, site name included. */
  title: string;
  description: string;
  /** Absolute URL of the page's one address; absent on pages that have none (404). */
  canonical?: string;
  /** Open Graph type: `article` on detail pages, `website` elsewhere. */
  ogType?: 'website' | 'article';
  /** `noindex` on pages that are not for search engines (login-only, console, 404). */
  noindex?: boolean;
  /** Atom feeds of what the page lists (`<link rel="alternate" type="application/atom+xml">`), absolute or root-relative. */
  feeds?: ReadonlyArray<{ title: string; href: string }>;
}

/** Used when the web app is not built (API tests, a server without `npm run build`): the same shape, no script. */
const BARE_TEMPLATE =
  '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <meta charset="UTF-8" />\n' +
  '    <meta name="viewport" content="width=device-width, initial-scale=1.0" />\n' +
  `    <title>${SITE_NAME}</title>\n  </head>\n  <body>\n    <div id="app"></div>\n  </body>\n</html>\n`;

const templates = new Map<string, { mtimeMs: number; text: string }>();

/**
 * The built index.html, or the bare template when there is no build. Read again when the file changes, as
 * sending the file each time did: a rebuild names new hashed assets.
 */
export function readPageTemplate(dist: string): string {
  const file = path.join(dist, 'index.html');
  try {
    const { mtimeMs } = fs.statSync(file);
    const cached = templates.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.text;
    const text = fs.readFileSync(file, 'utf8');
    templates.set(file, { mtimeMs, text });
    return text;
  } catch {
    return BARE_TEMPLATE;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function headTags(head: PageHead): string {
  const t = escapeHtml(head.title);
  const d = escapeHtml(head.description);
  const lines = [
    `<meta name="description" content="${d}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:type" content="${head.ogType ?? 'website'}" />`,
    `<meta property="og:title" content="${t}" />`,
    `<meta property="og:description" content="${d}" />`,
    head.canonical ? `<meta property="og:url" content="${escapeHtml(head.canonical)}" />` : '',
    '<meta property="og:locale" content="zh_CN" />',
    ...(head.feeds ?? []).map(
      (f) => `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(f.title)}" href="${escapeHtml(f.href)}" />`,
    ),
  ];
  return lines.filter(Boolean).join('\n    ');
}

/**
 * The template with this page's head and main text. `mainHtml` must already be safe HTML (escaped text, or
 * body HTML through sanitizeHtml). The template's own description and title are replaced, not doubled.
 */
export function renderPage(template: string, head: PageHead, mainHtml: string): string {
  let html = template
    .replace(/<html(?![^>]*\blang=)/, '<html lang="zh-CN"')
    .replace(/\s*<meta\s+name="description"[^>]*>/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(head.title)}</title>`);
  if (!/<title>/i.test(html)) html = html.replace(/<\/head>/i, () => `<title>${escapeHtml(head.title)}</title></head>`);
  html = html.replace(/<\/head>/i, () => `  ${headTags(head)}\n  </head>`);
  // A function replacement: `$` in the text must not be read as a replacement pattern.
  // `server-page` (apps/web/src/styles/server-page.css) keeps the text still while the app starts.
  return html.replace(/<div id="app"><\/div>/, () => `<div id="app"><div class="server-page">${mainHtml}</div></div>`);
}

/** The 页面不存在 page's main text, as the app's NotFoundPage says it. */
export function notFoundMain(): string {
  return '<main class="page-container not-found"><h1>404 页面不存在</h1><p>您访问的页面不存在或已被移除</p><p><a href="/home">返回首页</a></p></main>';
}

export function notFoundHead(): PageHead {
  return { title: `页面不存在 - ${SITE_NAME}`, description: '您访问的页面不存在或已被移除', noindex: true };
}
