/** The account module's public surface for other modules. */
export { tableExists } from './service.ts';
