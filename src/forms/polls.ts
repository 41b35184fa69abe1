import { wallTimeToIso } from '@/rules/eventTime'
import { MESSAGES } from '@/rules/messages'
import { pollIsComplete } from '@/rules/polls'
import { ok, refusal, viewer } from './calls'
import { text, type FormHandler } from './types'

/**
 * 'New Poll': the question, its options (the form sends every option box), an optional close
 * date (London wall-clock time: the browser's own zone is unknown without JavaScript) and an
 * optional neighbourhood slug. '+ Add option' posts the form back with one more box.
 */
export const poll: FormHandler = async ({ fields, page, call }) => {
  if (fields.has('addOption')) return { error: '' }
  if (!(await viewer(call))) return { error: MESSAGES.mustBeLoggedInToCreatePoll }
  const question = text(fields, 'question')
  const options = fields
    .getAll('options')
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
  if (!pollIsComplete(question, options)) return { error: MESSAGES.pollIncomplete }
  let neighbourhood: number | null = null
  const slug = text(fields, 'neighbourhood').trim()
  if (slug) {
    const found = await call(
      'GET',
      `/api/neighbourhoods?where[slug][equals]=${encodeURIComponent(slug)}&limit=1&depth=0&select[slug]=true`,
    )
    const id = (found.body as { docs?: { id?: unknown }[] } | undefined)?.docs?.[0]?.id
    if (typeof id !== 'number')
      return { error: MESSAGES.neighbourhoodNotFound, field: 'neighbourhood' }
    neighbourhood = id
  }
  const wall = text(fields, 'closeDate')
  const closeDate = wall ? wallTimeToIso(wall) : null
  if (wall && !closeDate) return { error: 'Please choose a valid close date.', field: 'closeDate' }
  const answer = await call('POST', '/api/polls', {
    question: question.trim(),
    options: options.map((o) => o.trim()),
    closeDate,
    neighbourhood,
  })
  if (!ok(answer)) return refusal(answer, 'Poll creation failed.')
  return { redirect: page.pathname + page.search, flash: 'Poll created!' }
}
