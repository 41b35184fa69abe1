import type { Payload } from 'payload'

import { readHomeFeeds } from '@/data/homeFeeds'
import type { HomeFeeds } from '@/views/home'

/** The four feeds at build, as a signed-out visitor reads them. */
export const loadHomeFeeds = (payload: Payload, now = new Date()): Promise<HomeFeeds> =>
  readHomeFeeds(payload, now)
