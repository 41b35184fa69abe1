import { getPayload, type Payload } from 'payload'

import config from '@payload-config'

/** Pages read content through Payload's Local API: at build, and on demand in the server. */
export function payloadClient(): Promise<Payload> {
  return getPayload({ config })
}
