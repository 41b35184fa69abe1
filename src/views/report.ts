import type { ReportTargetKind } from '@/rules/targets'

/** The report page of one item: the Report button's link before or without JavaScript. */
export const reportHref = (kind: ReportTargetKind, id: number) => `/report?kind=${kind}&id=${id}`
