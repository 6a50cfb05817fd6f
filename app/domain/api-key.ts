// API keys of the admin API: what a key may do (its scopes) and what the back office shows of it.
// The secret itself is never stored: only its SHA-256 (see services/api/api-keys.server.ts).

export const API_SCOPES = ["products:read", "products:write", "orders:read", "orders:write", "customers:read"] as const;

export type ApiScope = (typeof API_SCOPES)[number];

export const isApiScope = (value: string): value is ApiScope => (API_SCOPES as readonly string[]).includes(value);

export interface ApiKey {
  /** Random, public: names the key in the back office and the audit log. */
  id: string;
  /** The owner's name for it ("Accounting sync"). */
  name: string;
  /** The first characters of the secret ("hml_3fA9x…"), so an owner can tell keys apart. */
  prefix: string;
  /** Hex SHA-256 of the whole secret: how a request's key is found. */
  hash: string;
  scopes: ApiScope[];
  createdAt: string;
  /** E-mail of the owner who created it. */
  createdBy: string;
  /** Set once revoked; a revoked key authenticates nothing. */
  revokedAt: string | null;
  /** When a request last used it (written at most once a minute). */
  lastUsedAt: string | null;
}
