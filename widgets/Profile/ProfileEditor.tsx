import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'

import { formAction, keptValue, type FormState } from '@/views/forms'
import { useHydrated } from '@widgets/lib/useHydrated'
import {
  $profileEditor,
  cancelEditing,
  chooseAvatar,
  IMAGE_TYPES,
  initProfileEditor,
  saveProfile,
  setProfileField,
  toggleEditing,
  type EditableProfile,
  type ProfileField,
} from './store'
import './Profile.css'

function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zm17.7-10.2a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
      />
    </svg>
  )
}

/** The pencil that opens and closes one field's editor. */
function EditToggle({ field, pressed }: { field: ProfileField; pressed: boolean }) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={pressed ? `Stop editing ${field}` : `Edit ${field}`}
      aria-pressed={pressed}
      onClick={() => toggleEditing(field)}
    >
      <PencilIcon />
    </button>
  )
}

/**
 * Until the island runs (or without JavaScript): the same three fields as one plain form that
 * posts to the server; open when it came back refused.
 */
function PlainProfileForm({ profile, form }: { profile: EditableProfile; form?: FormState }) {
  const id = useId()
  return (
    <details className="profile-plain-edit" open={Boolean(form)}>
      <summary>Edit profile</summary>
      <form method="post" encType="multipart/form-data" action={formAction('profile')}>
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          name="name"
          maxLength={80}
          autoComplete="name"
          defaultValue={form ? keptValue(form, 'name') : (profile.name ?? '')}
        />
        <label htmlFor={`${id}-bio`}>Bio</label>
        <textarea
          id={`${id}-bio`}
          name="bio"
          rows={3}
          aria-describedby={form ? `${id}-error` : undefined}
          defaultValue={form ? keptValue(form, 'bio') : (profile.bio ?? '')}
        />
        <label htmlFor={`${id}-avatar`}>Photo</label>
        <input id={`${id}-avatar`} name="avatar" type="file" accept={IMAGE_TYPES.join(',')} />
        {form && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {form.error}
          </p>
        )}
        <button type="submit" className="save-profile">
          Save Changes
        </button>
      </form>
    </details>
  )
}

/**
 * The owner's profile header (SPEC §2 Profile, §4 profile edit): the same avatar, name and bio
 * as the public header, plus edit icons that turn name and bio into fields, an avatar upload
 * with preview, and 'Save Changes' while something is pending ('Saving...' while it saves).
 * The avatar goes to /api/media (purpose 'avatar'; the server cuts it square), then one PATCH.
 */
export default function ProfileEditor({
  profile,
  form,
}: {
  profile: EditableProfile
  /** The plain form as it came back refused (posted without JavaScript). */
  form?: FormState
}) {
  const hydrated = useHydrated()
  // Seeded once per instance, before the store is read (what the fields' useState did).
  useState(() => initProfileEditor(profile))
  const { saved, name, bio, editing, file, preview, saving, bioError } = useStore($profileEditor)
  const fileInput = useRef<HTMLInputElement>(null)
  const nameInput = useRef<HTMLInputElement>(null)
  const bioInput = useRef<HTMLTextAreaElement>(null)
  const ids = { name: useId(), bio: useId(), bioCount: useId(), avatar: useId() }

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])
  useEffect(() => {
    if (editing.name) nameInput.current?.focus()
  }, [editing.name])
  useEffect(() => {
    if (editing.bio) bioInput.current?.focus()
  }, [editing.bio])

  const pending = name.trim() !== saved.name || bio.trim() !== saved.bio || file !== null
  const display = saved.name || profile.userName

  const cancelOnEscape = (field: ProfileField) => (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    cancelEditing(field)
  }

  const chooseFile = (chosen: File | undefined) => {
    if (!chosen) return
    if (fileInput.current) fileInput.current.value = ''
    chooseAvatar(chosen)
  }

  return (
    <div className="profile-head" data-owner="true">
      <div className="profile-avatar">
        <img
          className="profile-avatar-img"
          src={preview ?? saved.avatarUrl ?? profile.defaultAvatar}
          alt={`${display}'s avatar`}
          width={112}
          height={112}
        />
        <label className="avatar-upload" htmlFor={ids.avatar}>
          {file ? 'Choose another photo' : 'Change photo'}
        </label>
        <input
          id={ids.avatar}
          ref={fileInput}
          className="sr-only avatar-input"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          disabled={saving}
          onChange={(e) => chooseFile(e.target.files?.[0])}
        />
        {file && <p className="avatar-pending">New photo, not saved yet</p>}
      </div>

      <div className="profile-ident">
        <div className="profile-field">
          {editing.name ? (
            <div className="profile-edit">
              <label htmlFor={ids.name}>Name</label>
              <input
                id={ids.name}
                ref={nameInput}
                value={name}
                maxLength={80}
                autoComplete="name"
                onChange={(e) => setProfileField('name', e.target.value)}
                onKeyDown={cancelOnEscape('name')}
              />
            </div>
          ) : (
            <h1 className="profile-name">{name.trim() || profile.userName}</h1>
          )}
          <EditToggle field="name" pressed={editing.name} />
        </div>
        <p className="profile-handle">@{profile.userName}</p>

        <div className="profile-field">
          {editing.bio ? (
            <div className="profile-edit">
              <label htmlFor={ids.bio}>Bio</label>
              <textarea
                id={ids.bio}
                ref={bioInput}
                value={bio}
                rows={3}
                aria-describedby={ids.bioCount}
                aria-invalid={bioError ? true : undefined}
                onChange={(e) => setProfileField('bio', e.target.value)}
                onKeyDown={cancelOnEscape('bio')}
              />
              <p id={ids.bioCount} className={bioError ? 'field-error' : 'field-hint'}>
                {bioError ?? `${bio.trim().length}/500`}
              </p>
            </div>
          ) : (
            <p className={bio.trim() ? 'profile-bio' : 'profile-bio empty-bio'}>
              {bio.trim() || 'Add a short bio so neighbours know who you are.'}
            </p>
          )}
          <EditToggle field="bio" pressed={editing.bio} />
        </div>

        {pending && (
          <button
            type="button"
            className="save-profile"
            disabled={saving}
            onClick={() => void saveProfile()}
          >
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        )}
        {!hydrated && <PlainProfileForm profile={profile} form={form} />}
      </div>
    </div>
  )
}
