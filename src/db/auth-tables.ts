/** Table shapes of accounts (migration 0011), beside schema.ts, which lists them in `Database`. */
import type { Timestamp } from './column-types.ts';

export type AuthTokenPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';
export type OAuthProvider = 'github' | 'google';
/** Who vouches for a linked identity: an OAuth provider, or the OpenID Connect issuer (OIDC_ISSUER). */
export type IdentityProvider = OAuthProvider | 'oidc';

export interface SessionsTable {
  id: string;
  userId: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
}

export interface AuthTokensTable {
  tokenHash: string;
  userId: string;
  purpose: AuthTokenPurpose;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

export interface OAuthAccountsTable {
  provider: IdentityProvider;
  providerAccountId: string;
  userId: string;
  email: string;
  createdAt: Timestamp;
}

export interface AuthTables {
  sessions: SessionsTable;
  authTokens: AuthTokensTable;
  oauthAccounts: OAuthAccountsTable;
}
