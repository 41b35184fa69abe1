/** What one call to our own REST API answered (its JSON body, or undefined). */
export interface ApiAnswer {
  status: number
  body: unknown
}

/**
 * Makes one request to `/api/…` exactly as an island would (same handler, access rules, limits,
 * schemas and messages), with the person's own session. A FormData body goes as multipart.
 */
export type ApiCall = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<ApiAnswer>

export interface FormInput {
  fields: FormData
  /** The page the form was posted from (its path and query, our own origin). */
  page: URL
  call: ApiCall
}

/** Where to go after a success (303) and the message to show there once. */
export interface FormSuccess {
  redirect: string
  flash?: string
  /** Leave out the cookies the API set (a reset signs in; the person signs in themselves). */
  dropCookies?: boolean
}

/** A refusal: the form comes back with this message (beside `field` when named). */
export interface FormRefusal {
  error: string
  field?: string
}

export type FormOutcome = FormSuccess | FormRefusal

/** One form that writes: what it does with the fields the browser sent. */
export type FormHandler = (input: FormInput) => Promise<FormOutcome>

export const isRefusal = (outcome: FormOutcome): outcome is FormRefusal => 'error' in outcome

export { fieldText as text, fieldId as id } from '@/views/forms'

/** A file field, or null when none was chosen (browsers send an empty, nameless part). */
export function file(fields: FormData, name: string): File | null {
  const value = fields.get(name)
  return typeof value === 'object' && value !== null && value.size > 0 ? value : null
}
