import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'

import { CATEGORY_LABELS, VIBE_EMOJI_NAMES, VIBE_EMOJIS } from '@/rules/localSpots'
import { MESSAGES } from '@/rules/messages'
import { formAction, keptValue, type FormState } from '@/views/forms'
import { relativeTime } from '@/views/relativeTime'
import { Emoji } from '@widgets/lib/Emoji'
import { useSession } from '@widgets/lib/useSession'
import { trapTab } from '@widgets/lib/trapTab'
import { useHydrated } from '@widgets/lib/useHydrated'
import Combobox from './Combobox'
import { $draft, emptyDraft, type SpotDraft } from './draftStore'
import {
  cancelConfirmation,
  categoryOptions,
  chooseCategory,
  closeSpotForm,
  editExpired,
  saveSpot,
  setDraftField,
  submitSpot,
  toggleEmoji,
  typeCategory,
} from './formStore'
import { serverNow } from './listStore'
import { SpotAddressField, SpotMapsLinkField } from './SpotAddressFields'
import SpotImageField from './SpotImageField'

/** A refused suggestion as the store holds a draft: what was typed and the message. */
function draftOf(form: FormState): SpotDraft {
  const category = keptValue(form, 'category')
  return {
    ...emptyDraft(),
    name: keptValue(form, 'name'),
    categoryText: category,
    categoryChoice: category,
    description: keptValue(form, 'description'),
    address: keptValue(form, 'address'),
    addressQuery: keptValue(form, 'address'),
    googleMapsUrl: keptValue(form, 'googleMapsUrl'),
    error: form.error,
  }
}

/**
 * 'Suggest a Local Spot' / 'Edit Business' (SPEC §2, §4, §5) in a modal <dialog>: the page
 * behind is inert, Tab cycles inside, Escape closes, focus goes back to the opener. Everything
 * it knows lives in the store's $draft; this only renders and calls the store's actions.
 */
export default function SpotForm({
  neighbourhoodId,
  form,
}: {
  neighbourhoodId: number
  /** The suggestion as it came back refused (posted before or without JavaScript). */
  form?: FormState
}) {
  const stored = useStore($draft)
  // The shared store is set in the browser only (the server renders many visitors' pages).
  const hydrated = useHydrated()
  const [refused] = useState(() => (form ? draftOf(form) : null))
  useEffect(() => {
    if (refused) $draft.set({ ...refused, open: true })
  }, [refused])
  const d = hydrated || !refused ? stored : refused
  const session = useSession()
  const ref = useRef<HTMLDialogElement>(null)
  const first = useRef<HTMLInputElement>(null)
  const confirmButton = useRef<HTMLButtonElement>(null)
  const opener = useRef<Element | null>(null)
  const id = useId()
  const expired = editExpired(d)
  const editing = d.editing

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (d.open && !dialog.open) {
      opener.current = document.activeElement
      dialog.showModal()
      first.current?.focus()
    }
    if (!d.open && dialog.open) {
      dialog.close()
      ;(opener.current as HTMLElement | null)?.focus?.()
    }
  }, [d.open])

  useEffect(() => {
    if (d.confirming) confirmButton.current?.focus()
  }, [d.confirming])

  const title = editing ? 'Edit Business' : 'Suggest a Local Spot'
  const signedOut = session.status === 'signed-out'

  return (
    <dialog
      ref={ref}
      id="suggest-spot"
      className={refused ? 'spot-dialog is-inline' : 'spot-dialog'}
      aria-labelledby={`${id}-title`}
      onKeyDown={(e) => trapTab(e, { skipHidden: true })}
      onCancel={(e) => {
        e.preventDefault()
        closeSpotForm()
      }}
    >
      <div className="spot-dialog-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="spot-close" aria-label="Close" onClick={closeSpotForm}>
          ×
        </button>
      </div>
      {signedOut ? (
        <p className="spot-login">
          {MESSAGES.loginToSuggestSpot} <a href="/login">Sign in</a>
        </p>
      ) : (
        <form
          noValidate
          className="spot-form"
          method="post"
          encType="multipart/form-data"
          action={editing ? undefined : formAction('spot')}
          onSubmit={(e) => {
            e.preventDefault()
            submitSpot()
          }}
        >
          {!editing && <input type="hidden" name="neighbourhood" value={neighbourhoodId} />}
          {editing && (
            <p className="spot-times">
              Created {relativeTime(editing.createdAt, serverNow())} · Last edited{' '}
              {relativeTime(editing.updatedAt, serverNow())}
            </p>
          )}
          {expired && (
            <p className="spot-expired" role="alert">
              {MESSAGES.editingExpired}
            </p>
          )}
          <fieldset disabled={expired || d.busy} className="spot-fields">
            <legend className="sr-only">{title}</legend>
            <div className="spot-field">
              <label htmlFor={`${id}-name`}>Business Name</label>
              <input
                ref={first}
                id={`${id}-name`}
                name="name"
                value={d.name}
                maxLength={120}
                required
                aria-required="true"
                onChange={(e) => setDraftField('name', e.currentTarget.value)}
              />
            </div>
            <div className="spot-field">
              <Combobox
                label="Category"
                inputId={`${id}-category`}
                name="category"
                text={d.categoryText}
                placeholder="Search categories..."
                required
                options={categoryOptions(d).map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
                onText={typeCategory}
                onPick={(o) => chooseCategory(o.value as keyof typeof CATEGORY_LABELS)}
              />
              {d.categoryChoice === 'other' && (
                <>
                  <label htmlFor={`${id}-custom`}>Your category</label>
                  <input
                    id={`${id}-custom`}
                    value={d.customCategory}
                    maxLength={60}
                    placeholder="e.g. Record shop"
                    onChange={(e) => setDraftField('customCategory', e.currentTarget.value)}
                  />
                </>
              )}
            </div>
            <div className="spot-field">
              <label htmlFor={`${id}-description`}>Description</label>
              <textarea
                id={`${id}-description`}
                name="description"
                value={d.description}
                maxLength={2000}
                rows={3}
                onChange={(e) => setDraftField('description', e.currentTarget.value)}
              />
            </div>
            <SpotAddressField id={id} d={d} />
            <SpotMapsLinkField id={id} d={d} />
            <SpotImageField id={id} d={d} />
            <fieldset className="spot-emoji-toggles">
              <legend>Vibes</legend>
              {VIBE_EMOJI_NAMES.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="spot-emoji"
                  aria-pressed={d.emojis.includes(name)}
                  aria-label={name.replace(/-/g, ' ')}
                  title={name.replace(/-/g, ' ')}
                  onClick={() => toggleEmoji(name)}
                >
                  <Emoji char={VIBE_EMOJIS[name]} />
                </button>
              ))}
            </fieldset>
            <label className="spot-check">
              <input
                type="checkbox"
                checked={d.confirmFirst}
                onChange={(e) => setDraftField('confirmFirst', e.currentTarget.checked)}
              />
              Show confirmation before submit
            </label>
          </fieldset>
          <p className="spot-error" role="alert">
            {d.error}
          </p>
          {d.confirming && (
            <div className="spot-confirm" role="alertdialog" aria-labelledby={`${id}-confirm`}>
              <p id={`${id}-confirm`}>
                {editing ? 'Save these changes to' : 'Suggest'} “{d.name.trim()}”?
              </p>
              <div className="spot-actions">
                <button type="button" className="btn-quiet" onClick={cancelConfirmation}>
                  Not yet
                </button>
                <button ref={confirmButton} type="button" onClick={() => void saveSpot()}>
                  Yes, submit
                </button>
              </div>
            </div>
          )}
          <div className="spot-actions">
            <button type="button" className="btn-quiet" onClick={closeSpotForm}>
              Cancel
            </button>
            {!expired && (
              <button type="submit" disabled={d.busy || d.confirming}>
                {d.busy ? 'Saving...' : editing ? 'Update Business' : 'Suggest Spot'}
              </button>
            )}
          </div>
        </form>
      )}
    </dialog>
  )
}
