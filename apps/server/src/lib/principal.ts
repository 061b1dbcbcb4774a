/**
 * Who is asking: the token holder the auth module puts on `req.user` for every request. A type every guarded
 * route reads, so it lives below the modules; resolving a token stays the auth module's (modules/auth/tokens.ts).
 */
export type Role = 'user' | 'operator' | 'admin';

export interface AuthUser {
  id: number;
  username: string;
  mobile: string;
  email: string | null;
  role: Role;
  certified: boolean;
  enterpriseName: string | null;
  tokenId: number;
}
