import { MESSAGES } from '@/rules/messages'
import { z } from '@/schemas/zod'

/**
 * What the edit and delete contracts of members' posts (stories, discussions, polls, events,
 * local spots, comments) share: the collection's own access decides, so its refusals are Payload's.
 */
export const docId = z.number().int()

/** A done delete: the id that is gone. */
export const deletedAnswer = z.object({ id: docId })

/** Someone else's post (403), or none with that id (404). */
export const ownPostRefusals = { 403: MESSAGES.notAllowed, 404: 'Not Found' } as const
