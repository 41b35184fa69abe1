import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'
import { toDeviceViews, type DeviceView } from '@/views/devices'
import { liveSessions } from '@/data/sessions'

/**
 * Settings → Your devices: the viewer's own live sessions (the id and the current session are the
 * page's session, never the request's query), this device first.
 */
export async function loadDevices(
  payload: Payload,
  viewer: { id: number; _sid?: unknown },
): Promise<DeviceView[]> {
  const current = typeof viewer._sid === 'string' ? viewer._sid : undefined
  return toDeviceViews(await liveSessions(pgPool(payload), viewer.id), current)
}
