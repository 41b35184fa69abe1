import type { LostFoundPost } from '@/payload-types'
import { lostFoundHref } from '@/views/lostFound'
import { newPostNotice } from '@collections/Notifications/newPostNotice'

/** 'lost-found': a new post reaches the followers who turned 'Lost and found' on (off by default). */
export const notifyLostFound = newPostNotice<LostFoundPost>({
  type: 'lost-found',
  href: lostFoundHref,
  message: (doc, actor, place) =>
    `${actor} ${doc.kind === 'lost' ? 'lost' : 'found'} something in ${place}: "${doc.title}".`,
})
