import type { z } from 'zod'

import type { alertView } from '@/contracts/safety'
import type { SafetyAlert } from '@/payload-types'
import { relId } from '@/views/media'

const numberOrNull = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Number(value)

/** A stored alert as the commands answer it. */
export const viewOfAlert = (doc: SafetyAlert): z.input<typeof alertView> => ({
  id: doc.id,
  category: doc.category,
  title: doc.title,
  body: doc.body,
  happenedAt: doc.happenedAt,
  latitude: numberOrNull(doc.latitude),
  longitude: numberOrNull(doc.longitude),
  neighbourhood: relId(doc.neighbourhood)!,
  verifiedAt: doc.verifiedAt ?? null,
  createdAt: doc.createdAt,
})
