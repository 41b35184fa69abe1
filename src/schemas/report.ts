import { z } from './zod'

import {
  MODERATION_TEXT,
  REPORT_NOTE_MAX,
  REPORT_REASON_VALUES,
  SUSPENSIONS,
  type SuspensionLength,
} from '@/rules/moderation'
import { REPORT_TARGET_KINDS, type ReportTargetKind } from '@/rules/targets'

const kind = z.enum(REPORT_TARGET_KINDS as [ReportTargetKind, ...ReportTargetKind[]], {
  message: 'Unknown kind of content.',
})
const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1)

/** The optional note of a report or an appeal ('' when left out). */
const note = z
  .string()
  .trim()
  .max(REPORT_NOTE_MAX, { message: MODERATION_TEXT.noteTooLong })
  .optional()
  .default('')

/** POST /api/reports/send: what, why, and a note ('Something else' needs one). */
export const reportSchema = z
  .object({
    targetKind: kind,
    targetId: id,
    reason: z.enum(REPORT_REASON_VALUES, { message: MODERATION_TEXT.reasonNeeded }),
    note,
  })
  .refine((r) => r.reason !== 'other' || r.note.length > 0, {
    message: MODERATION_TEXT.noteNeeded,
    path: ['note'],
  })
export type ReportInput = z.input<typeof reportSchema>

/** A private message's report (messages.report): why, and a note ('Something else' needs one). */
export const messageReportSchema = z
  .object({
    reason: z.enum(REPORT_REASON_VALUES, { message: MODERATION_TEXT.reasonNeeded }),
    note,
  })
  .refine((r) => r.reason !== 'other' || r.note.length > 0, {
    message: MODERATION_TEXT.noteNeeded,
    path: ['note'],
  })

/** POST /api/reports/decide (editors): one decision for one or more cases. */
export const decisionSchema = z.object({
  cases: z
    .array(z.object({ targetKind: kind, targetId: id }))
    .min(1)
    .max(100),
  action: z.enum(['hide', 'restore', 'suspend'], { message: 'Choose hide, restore or suspend.' }),
  length: z.enum(Object.keys(SUSPENSIONS) as [SuspensionLength, ...SuspensionLength[]]).optional(),
})

/** POST /api/reports/appeal: the author's one 'Ask for a review', with a short note. */
export const appealSchema = z.object({
  targetKind: kind,
  targetId: id,
  note,
})

/** POST /api/reports/lift (editors): end a member's suspension before its date. */
export const liftSchema = z.object({ member: id })
