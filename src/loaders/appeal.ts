import type { Payload } from 'payload'

import { hiddenItemOf } from '@collections/Reports/queue'
import type { ReportTargetKind } from '@/rules/targets'

/** The author's own hidden item for /appeal (its text, why it was hidden, any appeal sent). */
export const loadHiddenItem = (
  payload: Payload,
  owner: number,
  kind: ReportTargetKind,
  id: number,
) => hiddenItemOf(payload, owner, kind, id)
