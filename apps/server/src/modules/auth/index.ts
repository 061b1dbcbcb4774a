/** The auth module's public surface for other modules; everything else in this folder is internal. */
export type { Role } from './tokens.ts';
export { AuthMessages } from './messages.ts';
export { assertNotLocked, clearFailures, recordFailure } from './lockout.ts';
export { findById } from './repository.ts';
export { peekCaptcha } from './captcha.ts';
