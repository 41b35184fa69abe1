import type { AfterErrorHook } from 'payload'

/** What a write naming a document that does not exist is answered: the field, in words. */
export interface MissingReference {
  field?: string
  message: string
}

/**
 * A write naming a document that does not exist (an image deleted meanwhile, an unknown id):
 * PostgreSQL's foreign key refuses it and the write rolls back. The caller is told which field
 * (`Key (image_id)=(1) is not present…` → image), never a 500.
 */
export function missingReference(error: unknown): MissingReference | null {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code, detail } = e as Error & { code?: string; detail?: string }
    if (code !== '23503') continue
    // "Key (image_id)=(1) is not present in table "media"."
    const field = /^Key \((\w+?)(?:_id)?\)=/.exec(detail ?? '')?.[1]
    return field
      ? { field, message: `No such ${field}: it may have been deleted.` }
      : { message: 'Something it names does not exist.' }
  }
  return null
}

/** The refusal in Payload's error shape, naming the field when known. */
export const missingReferenceErrors = ({ field, message }: MissingReference) => ({
  errors: [{ message, ...(field ? { data: { errors: [{ path: field, message }] } } : {}) }],
})

/** Every route's answer to it (Payload's REST and GraphQL as well as commands): a 400. */
export const answerMissingReference: AfterErrorHook = ({ error }) => {
  const missing = missingReference(error)
  return missing ? { response: missingReferenceErrors(missing), status: 400 } : undefined
}
