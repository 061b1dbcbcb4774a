// owns tables: users, auth_tokens, login_failures
/** The auth module's public surface for other modules; everything else in this folder is internal. */
export type { AuthUser, Role } from './tokens.ts';
export { issueToken } from './tokens.ts';
export { default as authPlugin } from './plugin.ts';
export { AuthMessages } from './messages.ts';
export { assertNotLocked, clearFailures, recordFailure } from './lockout.ts';
export { findById } from './repository.ts';
export { peekCaptcha } from './captcha.ts';
export { default as authRoutes } from './routes.ts';
