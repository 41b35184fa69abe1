import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { WritableAtom } from 'nanostores'

import type { FormState } from '@/views/forms'
import { POST_FORM_IDLE, type PostFormState } from './postForm'
import { useHydrated } from './useHydrated'
import './PostForm.css'

/**
 * The parts a post form island shares: its state (from the page's refused form until it takes
 * over), and the refusal's markup, the same as src/components/FieldError.astro and FormError.astro
 * render without JavaScript (same ids, roles and aria), so both look and read alike.
 */
export function usePostForm(
  $state: WritableAtom<PostFormState>,
  refused: FormState | undefined,
  submit: (fields: FormData) => Promise<string | null>,
) {
  const ref = useRef<HTMLFormElement>(null)
  const [initial] = useState<PostFormState>(() =>
    refused ? { ...POST_FORM_IDLE, error: refused.error, field: refused.field } : POST_FORM_IDLE,
  )
  const hydrated = useHydrated()
  const stored = useStore($state)
  useEffect(() => {
    $state.set(initial)
  }, [$state, initial])
  const state = hydrated ? stored : initial
  // A refusal the island got moves focus to the field to fix (its message is read out with it).
  useEffect(() => {
    if (stored === initial || !stored.field) return
    const field = ref.current?.elements.namedItem(stored.field)
    const first = field instanceof RadioNodeList ? field[0] : field
    if (first instanceof HTMLElement) first.focus()
  }, [stored, initial])
  const busy = state.status !== 'idle'
  // Sent by the island once hydrated; the new post's page opens when it is written.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (busy) return
    void submit(new FormData(e.currentTarget)).then((href) => {
      if (href) window.location.assign(href)
    })
  }
  return { ref, state, busy, onSubmit }
}

/** A field's aria while a refusal names it (or one of `fields`): invalid, described by it. */
export function invalidIf(state: PostFormState, fields: readonly string[], id: string) {
  return state.field && fields.includes(state.field)
    ? { 'aria-invalid': true as const, 'aria-describedby': id }
    : {}
}

/** The refusal beside the field it names. */
export function FieldError({
  state,
  field,
  id,
}: {
  state: PostFormState
  field: string | readonly string[]
  id: string
}) {
  const fields: readonly string[] = typeof field === 'string' ? [field] : field
  return state.error && state.field && fields.includes(state.field) ? (
    <span className="field-error" role="alert" id={id}>
      {state.error}
    </span>
  ) : null
}

/** A refusal that names none of the form's `fields`, above the form. */
export function FormError({
  state,
  fields,
  id,
}: {
  state: PostFormState
  fields: readonly string[]
  id: string
}) {
  return state.error && !fields.includes(state.field ?? '') ? (
    <p className="form-error" role="alert" id={id}>
      {state.error}
    </p>
  ) : null
}

/** The photos' upload bar while they go up. */
export function UploadProgress({ state }: { state: PostFormState }) {
  return state.status === 'uploading' ? (
    <progress
      className="post-form-progress"
      aria-label="Uploading photos"
      max={1}
      value={state.progress}
    >
      {Math.round(state.progress * 100)}%
    </progress>
  ) : null
}
