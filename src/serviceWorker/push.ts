/// <reference lib="webworker" />
/**
 * Push to this device: a push (title, body, url, tag; collections/PushSubscriptions/send.ts)
 * becomes a notification, and tapping it opens that page: in a window of the site already open
 * (navigated there and focused), else in a new one. Only pages of this site are opened.
 */
import type { PushPayload } from '@/rules/push'

declare const self: ServiceWorkerGlobalScope

const ICON = '/icons/icon-192.png'

function readPush(data: PushMessageData | null): PushPayload | null {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined
    if (typeof value?.title !== 'string' || typeof value.url !== 'string') return null
    return {
      title: value.title,
      body: typeof value.body === 'string' ? value.body : '',
      url: value.url,
      tag: typeof value.tag === 'string' ? value.tag : value.url,
    }
  } catch {
    return null
  }
}

/** The page to open: the pushed URL when it is on this site, else the home page. */
function sitePage(url: unknown): string {
  try {
    const page = new URL(String(url), self.location.origin)
    return page.origin === self.location.origin ? page.href : self.location.origin + '/'
  } catch {
    return self.location.origin + '/'
  }
}

async function openPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin)
  if (open) {
    const shown = (await open.navigate(url).catch(() => null)) ?? open
    // Focusing needs the tap's permission; a window that cannot be focused still shows the page.
    await shown.focus().catch(() => undefined)
    return
  }
  await self.clients.openWindow(url)
}

export function handlePushes(): void {
  self.addEventListener('push', (event) => {
    const push = readPush(event.data)
    if (!push) return
    event.waitUntil(
      self.registration.showNotification(push.title, {
        body: push.body,
        tag: push.tag,
        icon: ICON,
        badge: ICON,
        data: { url: sitePage(push.url) },
      }),
    )
  })
  self.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const data = event.notification.data as { url?: unknown } | null
    event.waitUntil(openPage(sitePage(data?.url)))
  })
}
