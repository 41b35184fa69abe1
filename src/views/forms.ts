/**
 * Forms that write post to their own page (`?_form=<name>`); the server runs the same API
 * request the island would make (src/server/http/formPosts.ts). A refusal renders the page again with this
 * state: the spec's message, the field it is about, and what the person typed (never a
 * password or a file). Islands start from it, so the form comes back as it was sent.
 */
export interface FormState {
  name: string
  /** Each field as typed; a field sent more than once (a poll's options) as a list. */
  values: Record<string, string | string[]>
  error: string
  /** The field the message is about, when the server named one. */
  field?: string
}

/** The query parameter that names the form a POST to a page is for. */
export const FORM_PARAM = '_form'

/**
 * The action attribute of a form: the page itself, naming the form, with any of the page's own
 * parameters the form needs after it (e.g. the sign-in's ?next=).
 */
export function formAction(name: string, keep: Record<string, string | null | undefined> = {}) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(keep)) if (value) params.set(key, value)
  params.set(FORM_PARAM, name)
  return `?${params.toString()}`
}

/** This form's state after a refusal, or undefined (another form of the page, or none). */
export function stateOf(form: FormState | undefined | null, name: string): FormState | undefined {
  return form?.name === name ? form : undefined
}

/** A value the person typed into a form that came back refused ('' when none). */
export function keptValue(form: FormState | undefined, field: string): string {
  const value = form?.values[field]
  return (Array.isArray(value) ? value[0] : value) ?? ''
}

/** Every value of a field sent more than once ([] when none). */
export function keptValues(form: FormState | undefined, field: string): string[] {
  const value = form?.values[field]
  return value === undefined ? [] : Array.isArray(value) ? value : [value]
}

/** The `?id=` of a page about one item (at most 15 digits), or null when it is not one. */
export function queryId(query: URLSearchParams): number | null {
  const raw = query.get('id') ?? ''
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null
}

/** The success message carried to the next page once, then shown as a toast. */
/** A text field as a form sent it ('' when missing or a file): its handler and island read alike. */
export function fieldText(fields: FormData, name: string): string {
  const value = fields.get(name)
  return typeof value === 'string' ? value : ''
}

/** A positive whole number field, or null. */
export function fieldId(fields: FormData, name: string): number | null {
  const raw = fieldText(fields, name)
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null
}

export const FLASH_COOKIE = 'belong_flash'
