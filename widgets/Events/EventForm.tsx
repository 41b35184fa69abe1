import { useRef, useState, type ChangeEvent } from 'react'

import { EVENT_ZONE_LABEL, isoToWallTime, wallTimeToIso } from '@/rules/eventTime'
import { MESSAGES } from '@/rules/messages'
import type { EventView } from '@/views/event'
import { formAction, keptValue, type FormState } from '@/views/forms'
import { ApiError } from '@widgets/lib/api'
import { useSession } from '@widgets/lib/useSession'
import { toast } from '@widgets/lib/toast'
import { imageProblem, uploadMedia } from '@widgets/lib/uploadMedia'
import { $editing, $formOpen, eventProblem, loadEventSchema, saveEvent } from './formStore'

interface Fields {
  title: string
  description: string
  when: string
  location: string
  tags: string
  isPublic: boolean
  cancelled: boolean
}

type TextField = Exclude<keyof Fields, 'isPublic' | 'cancelled'>

const empty: Fields = {
  title: '',
  description: '',
  when: '',
  location: '',
  tags: '',
  isPublic: true,
  cancelled: false,
}

const fromEvent = (e: EventView): Fields => ({
  title: e.title,
  description: e.description,
  when: isoToWallTime(e.eventDate),
  location: e.location,
  tags: e.tags.join(', '),
  isPublic: e.isPublic,
  cancelled: e.cancelled,
})

const present = (values: Record<string, string | null>) =>
  Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => !!entry[1]),
  )

/**
 * SPEC §4/§5 event form, create or edit: title, description, date and time, location required;
 * tags comma-separated; an image; public by default. 'Post Event' / 'Update Event', then
 * 'Posting...' / 'Saving...'. After a create the form empties and public is ticked again.
 */
/** What a refused form comes back with. */
const fromForm = (form: FormState): Fields => ({
  title: keptValue(form, 'title'),
  description: keptValue(form, 'description'),
  when: keptValue(form, 'when'),
  location: keptValue(form, 'location'),
  tags: keptValue(form, 'tags'),
  isPublic: keptValue(form, 'isPublic') !== '',
  cancelled: keptValue(form, 'cancelled') !== '',
})

export default function EventForm({
  editing,
  hidden = false,
  neighbourhoodId = null,
  form: sentForm,
  keep = {},
}: {
  editing: EventView | null
  /** Closed: in the page for the link to show it (:target) before or without JavaScript. */
  hidden?: boolean
  neighbourhoodId?: number | null
  /** The form as it came back refused (posted before or without JavaScript). */
  form?: FormState
  /** The page's own query the post keeps (the neighbourhood of /event?slug=, the search). */
  keep?: Record<string, string | null>
}) {
  const session = useSession()
  // A refused post comes back into the form it was sent from (a new event, or this edit).
  const form = keptValue(sentForm, 'id') === String(editing?.id ?? '') ? sentForm : undefined
  const [fields, setFields] = useState<Fields>(
    form ? fromForm(form) : editing ? fromEvent(editing) : empty,
  )
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState(form?.error ?? '')
  const fileInput = useRef<HTMLInputElement>(null)
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((f) => ({ ...f, [key]: value }))
  /** What every text box of the form is wired with: its id and name, its value, its edits. */
  const textField = (key: TextField) => ({
    id: `event-${key}`,
    name: key,
    value: fields[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, e.currentTarget.value),
  })
  /** A checkbox of the form, wired the same way. */
  const checkField = (key: 'isPublic' | 'cancelled') => ({
    type: 'checkbox',
    name: key,
    checked: fields[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.checked),
  })
  const failed = editing ? 'Failed to update event.' : 'Failed to post event.'

  async function submit() {
    setError('')
    if (session.status !== 'signed-in') {
      setError(MESSAGES.mustBeLoggedInToPost)
      return
    }
    const input = {
      title: fields.title,
      description: fields.description,
      eventDate: wallTimeToIso(fields.when) ?? '',
      location: fields.location,
      tags: fields.tags,
      isPublic: fields.isPublic,
      ...(editing ? { cancelled: fields.cancelled } : {}),
    }
    // Busy while the check's schema may still be loading: a second click sends nothing twice.
    setBusy(true)
    try {
      const problem = await eventProblem(input)
      if (problem) {
        setError(problem)
        return
      }
      let image = editing?.imageId ?? null
      if (file) image = await uploadMedia(file, 'event-image', fields.title)
      await saveEvent({ ...input, image }, editing)
      if (editing) {
        toast.success('Event updated.')
        $editing.set(null)
      } else {
        toast.success('Event posted.')
        setFields(empty)
        setFile(null)
        if (fileInput.current) fileInput.current.value = ''
      }
    } catch (e) {
      const message =
        e instanceof ApiError && e.status === 401
          ? MESSAGES.mustBeLoggedInToPost
          : e instanceof ApiError && e.status < 500
            ? `${failed} ${e.message}`
            : failed
      setError(message)
      toast.error(failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      id="event-form"
      className="event-form"
      aria-labelledby="event-form-title"
      hidden={hidden}
      method="post"
      encType="multipart/form-data"
      action={formAction('event', { ...keep, edit: editing ? String(editing.id) : null })}
      noValidate
      onFocus={() => void loadEventSchema()}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <h2 id="event-form-title">{editing ? 'Edit Event' : 'Create An Event'}</h2>
      {session.status === 'signed-out' && (
        <p className="event-form-note">
          {MESSAGES.mustBeLoggedInToPost} <a href="/login">Sign in</a>
        </p>
      )}
      {neighbourhoodId !== null && !editing && (
        <input type="hidden" name="neighbourhood" value={neighbourhoodId} />
      )}
      {editing && <input type="hidden" name="id" value={editing.id} />}
      <label htmlFor="event-title">Title</label>
      <input {...textField('title')} required maxLength={200} />
      <label htmlFor="event-description">Description</label>
      <textarea {...textField('description')} required rows={4} />
      <label htmlFor="event-when">Date and time ({EVENT_ZONE_LABEL})</label>
      <input {...textField('when')} type="datetime-local" required />
      <label htmlFor="event-location">Location</label>
      <input {...textField('location')} required maxLength={300} />
      <label htmlFor="event-tags">Tags (comma-separated)</label>
      <input {...textField('tags')} placeholder="music, family, free" />
      <label htmlFor="event-image">Image</label>
      <input
        id="event-image"
        name="image"
        ref={fileInput}
        type="file"
        accept="image/*"
        onChange={async (e) => {
          const picker = e.currentTarget
          const chosen = picker.files?.[0] ?? null
          if (!chosen) return setFile(null)
          const problem = await imageProblem(chosen, 'event-image')
          if (problem) {
            setError(problem)
            picker.value = ''
            setFile(null)
          } else {
            setError('')
            setFile(chosen)
          }
        }}
      />
      <label className="event-public">
        <input {...checkField('isPublic')} /> Public (listed for everyone)
      </label>
      {editing && (
        <label className="event-public">
          <input {...checkField('cancelled')} /> Cancelled (those going are told)
        </label>
      )}
      <p className="event-form-error" role="alert">
        {error}
      </p>
      <div className="event-form-actions">
        <button type="submit" disabled={busy}>
          {busy ? (editing ? 'Saving...' : 'Posting...') : editing ? 'Update Event' : 'Post Event'}
        </button>
        {/* A link until the island takes the click: it closes the form in the page (the
            fragment leaves :target) or leaves the edit (?edit= goes). */}
        <a
          role="button"
          className="btn-quiet"
          href={editing ? `?${new URLSearchParams(present(keep))}` : '#events-title'}
          onClick={(e) => {
            e.preventDefault()
            $editing.set(null)
            $formOpen.set(false)
          }}
        >
          Cancel
        </a>
      </div>
    </form>
  )
}
