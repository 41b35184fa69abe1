import type { PayloadRequest } from 'payload'

import { env } from '@/server/config/env'

/**
 * The site's own address for links in e-mails and the sign-in callback: PUBLIC_URL when set
 * (set it in production), else the origin the request came in on.
 */
export function siteOrigin(req: PayloadRequest): string {
  return env.publicUrl?.replace(/\/+$/, '') ?? new URL(req.url ?? 'http://localhost').origin
}
