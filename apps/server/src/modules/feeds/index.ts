// owns tables: none (it reads the catalogue and the portal through their faces)
/** Public Atom feeds (RFC 4287): new standards by series or class, status changes with the replacement, news (/api/feeds/*). */
export { default as feedRoutes } from './routes.ts';
export { etagOf, matchesEtag, renderAtom, xmlText } from './atom.ts';
