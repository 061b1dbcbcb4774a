// owns tables: messages
/** The messages module's public surface for other modules: writing a message, counting unread ones. */
export { countUnreadOf, insertMessage } from './repository.ts';
export { default as messageRoutes } from './routes.ts';
