import { ok, refusal, viewer } from './calls'
import { id, type FormHandler } from './types'

const READ_FAILED = 'Could not mark the notification as read.'

/** 'Mark as read' on one notification (the member's own: the API's access rules say so). */
export const notificationRead: FormHandler = async ({ fields, page, call }) => {
  const notification = id(fields, 'id')
  if (notification === null) return { error: READ_FAILED }
  const answer = await call('PATCH', `/api/notifications/${notification}?depth=0`, {
    isRead: true,
  })
  if (!ok(answer)) return refusal(answer, READ_FAILED)
  return { redirect: page.pathname }
}

/** 'Mark all as read'. */
export const notificationsRead: FormHandler = async ({ page, call }) => {
  const user = await viewer(call)
  if (!user) return { redirect: `/login?next=${encodeURIComponent(page.pathname)}` }
  const answer = await call(
    'PATCH',
    `/api/notifications?where[user][equals]=${user.id}&where[isRead][equals]=false&depth=0`,
    { isRead: true },
  )
  if (!ok(answer)) return refusal(answer, 'Could not mark the notifications as read.')
  return { redirect: page.pathname }
}
