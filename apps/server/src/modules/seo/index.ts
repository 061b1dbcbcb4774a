// owns tables: none (it reads the catalogue, the portal and the site settings through their faces)
/** What crawlers and shared links read: every page route's own head and main text in the HTML, the sitemap, robots.txt and security.txt (/robots.txt, /sitemap.xml, /.well-known/security.txt). */
export { default as seoRoutes } from './routes.ts';
