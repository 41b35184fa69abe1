import type { ParsedInputOf } from '@/contracts/contract'
import type { Contracts } from '@/contracts'
import { givenFields } from '@collections/shared/givenFields'

/** A form's date (text or a Date) as the collection stores it. */
export const isoDate = (date: string | Date) => (date instanceof Date ? date.toISOString() : date)

/** The stored fields of an event from a form's parsed input (what an edit leaves out stays). */
export const eventData = ({ eventDate, ...input }: ParsedInputOf<Contracts['events.edit']>) =>
  givenFields({
    ...input,
    eventDate: eventDate === undefined ? undefined : isoDate(eventDate),
  })
