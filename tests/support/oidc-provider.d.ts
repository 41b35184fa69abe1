/** The little of oidc-provider 9 (no bundled types) that tests/support/oidcProvider.ts uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }
  export interface KoaContextWithOIDC {
    oidc: {
      client?: { clientId: string }
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined }
      provider: Provider
    }
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    Grant: {
      new (init: { clientId: string; accountId: string }): Grant
      find(id: string): Promise<Grant | undefined>
    }
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; params: Record<string, unknown>; prompt: { name: string } }>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
  }
}
