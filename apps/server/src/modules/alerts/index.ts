/** The alerts module's public surface for other modules: messaging collectors about a status change. */
export { alertStatusChange } from './status.ts';
