import { env } from '@/server/config/env'
import { siteOrigins } from '@/server/http/security'

/**
 * The origin of absolute links in pages, feeds, the sitemap and robots.txt: PUBLIC_URL's, else
 * the local site's (http://localhost:PORT). Never the request's Host header, which a client
 * chooses.
 */
export const publicOrigin = (): string => siteOrigins(env.publicUrl, env.port).publicOrigin
