import type { SanitizedConfig } from 'payload'

import { staff } from '@collections/access'

/**
 * Payload's document locks (`payload-locked-documents`) are the admin's: which editor has a
 * document open. Payload lets any signed-in account write them, and a malformed lock (a
 * document without its collection) fails in its field hooks with a 500 anyone signed in could
 * cause. Only staff, who use the admin, may touch them (members are refused before any hook).
 */
export function staffOnlyLocks(config: SanitizedConfig): SanitizedConfig {
  const locks = config.collections.find((c) => c.slug === 'payload-locked-documents')
  if (!locks) return config
  locks.access = { ...locks.access, read: staff, create: staff, update: staff, delete: staff }
  return config
}
