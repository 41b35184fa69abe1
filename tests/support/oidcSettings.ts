/**
 * The test identity provider's client, shared by playwright.config.ts (the app's OIDC_* env)
 * and tests/support/oidcProvider.ts (the provider's registered client). Tests only.
 */
export const OIDC_CLIENT = { id: 'belong-test', secret: 'belong-test-secret' }

/** The provider listens on `localhost` (another site than the app on 127.0.0.1). */
export const oidcIssuer = (port: number) => `http://localhost:${port}`
