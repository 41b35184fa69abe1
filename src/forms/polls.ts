import { wallTimeToIso } from '@/rules/eventTime'
import { MESSAGES } from '@/rules/messages'
import { pollIsComplete } from '@/rules/polls'
import { ok, refusal, sendCommand, viewer } from './calls'
import { text, type FormHandler } from './types'

/**
 * 'New Poll': the question, its options (the form sends every option box), an optional close
 * date (London wall-clock time: the browser's own zone is unknown without JavaScript) and an
 * optional neighbourhood slug (the command finds it). '+ Add option' posts the form back with one more box.
 */
export const poll: FormHandler = async ({ fields, page, call }) => {
  if (fields.has('addOption')) return { error: '' }
  if (!(await viewer(call))) return { error: MESSAGES.mustBeLoggedInToCreatePoll }
  const question = text(fields, 'question')
  const options = fields
    .getAll('options')
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
  if (!pollIsComplete(question, options)) return { error: MESSAGES.pollIncomplete }
  const wall = text(fields, 'closeDate')
  const closeDate = wall ? wallTimeToIso(wall) : null
  if (wall && !closeDate) return { error: 'Please choose a valid close date.', field: 'closeDate' }
  // The command finds the neighbourhood by its slug ('Could not find neighbourhood.').
  const answer = await sendCommand(call, 'polls.post', {
    question: question.trim(),
    options: options.map((o) => o.trim()),
    closeDate,
    neighbourhood: text(fields, 'neighbourhood').trim(),
  })
  if (!ok(answer)) return refusal(answer, 'Poll creation failed.')
  return { redirect: page.pathname + page.search, flash: 'Poll created!' }
}
