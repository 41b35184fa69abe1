import { REPORT_REASONS, type ReportReason } from '@/rules/moderation'
import { REPORT_TARGETS, type ReportTargetKind } from '@/rules/targets'

/** The public moderation log (/moderation): decisions, never the hidden text or the reporters. */
export const MODERATION_LOG_PAGE_SIZE = 20

export interface LogEntryView {
  createdAt: string
  action: keyof typeof ACTION_LABELS
  kind: string
  neighbourhood: { name: string; slug: string } | null
  reason: string
  automatic: boolean
}

export interface MonthView {
  /** 'November 2026' */
  month: string
  received: number
  upheld: number
  dismissed: number
  /** Median hours from a report to its decision, or null when none was decided. */
  medianHours: number | null
}

export const ACTION_LABELS = {
  hidden: 'Hidden',
  restored: 'Restored',
  suspended: 'Member suspended',
  lifted: 'Suspension lifted',
} as const

export const kindLabel = (kind: string) =>
  kind in REPORT_TARGETS ? REPORT_TARGETS[kind as ReportTargetKind].noun : kind

export const reasonLabel = (reason: string | null) =>
  reason && reason in REPORT_REASONS
    ? REPORT_REASONS[reason as ReportReason]
    : reason === 'editor'
      ? "An editor's decision"
      : '—'

export function formatHours(hours: number | null): string {
  if (hours === null) return '—'
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`
  if (hours < 48) return `${Math.round(hours)} h`
  return `${Math.round(hours / 24)} days`
}
