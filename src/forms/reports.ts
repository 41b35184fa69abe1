import { MODERATION_TEXT } from '@/rules/moderation'
import { safeNextPath } from '@/rules/accounts'
import type { ReportInput } from '@/schemas/report'
import type { ReportTargetKind } from '@/rules/targets'
import { ok, refusal, sendCommand, viewer } from './calls'
import { id, text, type FormHandler } from './types'

type ReportReason = ReportInput['reason']

/** The report page's 'Send report': back to the item's page with the thanks. */
export const report: FormHandler = async ({ fields, page, call }) => {
  if (!(await viewer(call)))
    return {
      redirect: `/login?next=${encodeURIComponent(page.pathname + page.search)}`,
      flash: MODERATION_TEXT.loginToReport,
    }
  const answer = await sendCommand(call, 'reports.send', {
    targetKind: text(fields, 'kind') as ReportTargetKind,
    targetId: id(fields, 'id'),
    reason: text(fields, 'reason') as ReportReason,
    note: text(fields, 'note'),
  })
  if (!ok(answer)) return refusal(answer, MODERATION_TEXT.failed)
  return { redirect: safeNextPath(text(fields, 'next')), flash: MODERATION_TEXT.thanks }
}

/** 'Ask for a review' of one's own hidden post: back to its appeal page with the thanks. */
export const appeal: FormHandler = async ({ fields, page, call }) => {
  if (!(await viewer(call)))
    return {
      redirect: `/login?next=${encodeURIComponent(page.pathname + page.search)}`,
      flash: 'Please login first.',
    }
  const answer = await sendCommand(call, 'reports.appeal', {
    targetKind: text(fields, 'kind') as ReportTargetKind,
    targetId: id(fields, 'id'),
    note: text(fields, 'note'),
  })
  if (!ok(answer)) return refusal(answer, MODERATION_TEXT.failed)
  return { redirect: page.pathname + page.search, flash: MODERATION_TEXT.appealSent }
}
