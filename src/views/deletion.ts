import { MESSAGES } from '@/rules/messages'
import { DISCUSSION_TEXT } from './discussion'

/**
 * What an author can delete, one entry per kind: the islands ask their question in a dialog,
 * and the same question is a page of its own (/delete?kind=&id=) before or without JavaScript.
 */
export const DELETABLE = {
  discussion: {
    collection: 'discussions',
    question: DISCUSSION_TEXT.deleteQuestion,
    done: DISCUSSION_TEXT.deleted,
    failed: DISCUSSION_TEXT.deleteFailed,
  },
  event: {
    collection: 'events',
    question: 'Delete this event?',
    done: 'Event deleted.',
    failed: 'Failed to delete event.',
  },
  comment: {
    collection: 'comments',
    question: 'Delete this comment?',
    done: 'Comment deleted.',
    failed: 'Failed to delete comment',
  },
  spot: {
    collection: 'local-businesses',
    question: 'Delete this business?',
    done: MESSAGES.spotDeleted,
    failed: 'Failed to delete.',
  },
} as const

export type DeletableKind = keyof typeof DELETABLE

export const isDeletableKind = (kind: unknown): kind is DeletableKind =>
  typeof kind === 'string' && Object.hasOwn(DELETABLE, kind)
