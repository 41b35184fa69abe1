import { MESSAGES } from '@/rules/messages'
import type { RsvpStatus } from '@/rules/rsvp'
import type { EmojiName, ReactionTargetKind } from '@/rules/targets'
import { buttonForm, commandRequest } from './calls'
import { id, text } from './types'

/** A reaction button: toggles the emoji on its target. */
export const reaction = buttonForm({
  loginMessage: (fields) =>
    text(fields, 'targetKind') === 'local-business' ? 'Login to react.' : MESSAGES.loginToReact,
  request: (fields) =>
    commandRequest('reactions.toggle', {
      targetKind: text(fields, 'targetKind') as ReactionTargetKind,
      targetId: id(fields, 'targetId'),
      emoji: text(fields, 'emoji') as EmojiName,
    }),
  failed: 'Reaction failed.',
})

/** A poll option's button: one vote per person ('Vote submitted.'). */
export const vote = buttonForm({
  loginMessage: () => 'Login to vote.',
  request: (fields) => {
    const poll = id(fields, 'poll')
    return poll === null
      ? null
      : commandRequest(
          'polls.vote',
          { optionIndex: Number(text(fields, 'optionIndex')) },
          { id: poll },
        )
  },
  done: 'Vote submitted.',
  failed: 'Vote failed.',
})

/** An event's Attending or Interested button (the same again takes the RSVP back). */
export const rsvp = buttonForm({
  loginMessage: () => MESSAGES.mustBeLoggedIn,
  request: (fields) => {
    const event = id(fields, 'event')
    return event === null
      ? null
      : commandRequest(
          'events.rsvp',
          { status: text(fields, 'status') as RsvpStatus },
          { id: event },
        )
  },
  failed: 'RSVP failed.',
})
