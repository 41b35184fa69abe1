import type { Payload } from 'payload'

import { enrolmentPicture, recoveryLeft, twoFactorRow } from '@/data/twoFactor'
import { ownAccount } from './settings'

export interface TwoFactorState {
  since: Date | null
  role: string | null
  email: string
  /** A key waiting for its first code: what the page shows to scan or type. */
  pending: { secret: string; svg: string } | null
  recoveryLeft: number
}

/**
 * The signed-in account's two-factor state for Settings, read only for the viewer's own id (the
 * page took it from the session). The key being set up is shown to its owner only, here.
 */
export async function twoFactorState(payload: Payload, viewerId: number): Promise<TwoFactorState> {
  const [row, user] = await Promise.all([
    twoFactorRow(payload, viewerId),
    ownAccount(payload, viewerId),
  ])
  const email = user?.email ?? ''
  const pending =
    !row?.since && row?.pending
      ? { secret: row.pending, svg: (await enrolmentPicture(row.pending, email)).svg }
      : null
  return {
    since: row?.since ?? null,
    role: user?.role ?? null,
    email,
    pending,
    recoveryLeft: row?.since ? await recoveryLeft(payload, viewerId) : 0,
  }
}

export const formatSince = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(date)
