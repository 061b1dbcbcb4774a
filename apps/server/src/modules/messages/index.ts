// owns tables: messages
/** The user's in-site messages (/api/user/messages…). */
export { countUnreadOf, insertMessage } from './repository.ts';
export { default as messageRoutes } from './routes.ts';
export { insertMessageToEach, insertMessagesBatch, sentDedupeKeys } from './repository.ts';
export { deleteMessagesOf, messagesExportOf, type MessageExport } from './repository.ts';
