import { atom } from 'nanostores'

import type { NotificationKind } from '@/rules/notificationPrefs'
import { PUSH_TEXT } from '@/rules/push'
import type { Contracts } from '@/contracts'
import type { InputOf } from '@/contracts/contract'
import { ApiError } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'

/** Whether this browser can get pushes here: still checking, yes, no, or blocked by the person. */
export type PushSupport = 'checking' | 'ready' | 'unsupported' | 'blocked'

/** This device's pushes: which kinds it gets (one subscription per browser, shared by all toggles). */
export const $push = atom<{ support: PushSupport; kinds: NotificationKind[]; busy: boolean }>({
  support: 'checking',
  kinds: [],
  busy: false,
})

const canPush = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/** The site's service worker (registered after load by every page; here at once if not yet). */
async function worker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js')
  return navigator.serviceWorker.ready
}

let started: Promise<void> | undefined
/** Reads, once per page, whether pushes work here and which kinds this device gets. */
export function startPush(): Promise<void> {
  started ??= (async () => {
    if (!canPush()) return $push.set({ ...$push.get(), support: 'unsupported' })
    try {
      const subscription = await (await worker()).pushManager.getSubscription()
      const { kinds } = subscription
        ? await send('push.deviceState', { endpoint: subscription.endpoint })
        : { kinds: [] }
      const blocked = Notification.permission === 'denied'
      $push.set({ support: blocked ? 'blocked' : 'ready', kinds, busy: false })
    } catch {
      $push.set({ ...$push.get(), support: 'unsupported' })
    }
  })()
  return started
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replace(/-/g, '+').replace(/_/g, '/')
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
}

/**
 * Turns one kind on or off for this device. The first kind asks the browser for permission and
 * subscribes; the last one off forgets the subscription here and on the server.
 */
export async function setPushKind(kind: NotificationKind, on: boolean, vapidKey: string) {
  const state = $push.get()
  $push.set({ ...state, busy: true })
  try {
    // Asked first, while the press that turned it on still counts as the person's (browsers
    // ask only then).
    if (on && Notification.permission !== 'granted') {
      if ((await Notification.requestPermission()) !== 'granted') {
        $push.set({ ...state, support: 'blocked', busy: false })
        throw new ApiError(PUSH_TEXT.blocked, 403)
      }
    }
    const registration = await worker()
    let subscription = await registration.pushManager.getSubscription()
    const kinds = on ? [...new Set([...state.kinds, kind])] : state.kinds.filter((k) => k !== kind)
    if (on && !subscription) {
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(vapidKey),
      })
    }
    if (subscription) {
      const saved = await send('push.device', {
        subscription: subscription.toJSON() as InputOf<Contracts['push.device']>['subscription'],
        kinds,
      })
      if (!saved.kinds.length) await subscription.unsubscribe().catch(() => false)
      $push.set({ support: 'ready', kinds: saved.kinds, busy: false })
    } else $push.set({ ...state, kinds, busy: false })
  } catch (error) {
    $push.set({ ...$push.get(), busy: false })
    throw error instanceof ApiError ? error : new ApiError(PUSH_TEXT.failed, 0)
  }
}
