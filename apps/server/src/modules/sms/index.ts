/** The SMS module's public surface for other modules. */
export type { SmsPurpose } from './provider.ts';
