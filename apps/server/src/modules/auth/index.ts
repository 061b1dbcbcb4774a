// owns tables: users, auth_tokens, login_failures
/** Accounts and sessions: captcha, SMS codes, registration, login, tokens, lock-out, req.user and the role guards (/api/sys/auth/*). */
export type { AuthUser, Role } from './tokens.ts';
export { issueToken } from './tokens.ts';
export { default as authPlugin } from './plugin.ts';
export { AuthMessages } from './messages.ts';
export { assertNotLocked, clearFailures, recordFailure } from './lockout.ts';
export { findById } from './repository.ts';
export { peekCaptcha } from './captcha.ts';
export { default as authRoutes } from './routes.ts';
export { countUsers, registrationsPerDay } from './repository.ts';
export { accountOf, revokeAllTokens, type AccountRow } from './tokens.ts';
export {
  eraseUser,
  failedLoginsExportOf,
  findByUsernameOrMobile,
  insertAdmin,
  listUserRows,
  lockActiveAdmins,
  lockUser,
  promoteToAdmin,
  sessionsExportOf,
  setRoleOf,
  setStatusOf,
  userDatesOf,
  userJoin,
  userListRowById,
  usernamesOf,
  type SessionExport,
  type UserListRow,
} from './repository.ts';
export { activeUserIds, activeUserSql, mobilesOf, userChunkBoundSql } from './repository.ts';
