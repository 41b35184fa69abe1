import { map } from 'nanostores'

import { IMAGE_MIME_TYPES, IMAGE_RULES } from '@/rules/imageFile'
import { MESSAGES } from '@/rules/messages'
import { userSchema } from '@/schemas/user'
import { ApiError } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'
import { loadSession } from '@widgets/lib/session'
import { toast } from '@widgets/lib/toast'
import { uploadMedia } from '@widgets/lib/uploadMedia'

/**
 * The owner's profile editor (SPEC §2 Profile, §4 profile edit): the fields being edited, the
 * avatar chosen, and the save. ProfileEditor renders it and calls these.
 */

export interface EditableProfile {
  id: number
  userName: string
  name: string | null
  bio: string | null
  avatarUrl: string | null
  defaultAvatar: string
}

type Saved = { name: string; bio: string; avatarUrl: string | null }
export type ProfileField = 'name' | 'bio'

export interface ProfileEditorState {
  profile: EditableProfile
  /** What the server holds (the header shows it; a pending change differs from it). */
  saved: Saved
  name: string
  bio: string
  editing: Record<ProfileField, boolean>
  /** The avatar chosen and its preview (an object URL), until saved. */
  file: File | null
  preview: string | null
  saving: boolean
  bioError: string | null
}

const AVATAR_RULE = IMAGE_RULES.avatar
export const IMAGE_TYPES: readonly string[] = Object.values(IMAGE_MIME_TYPES)

/** Client-side check before upload (the server judges the bytes again). */
export function avatarProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return AVATAR_RULE.notImage
  if (file.size > AVATAR_RULE.maxBytes) return AVATAR_RULE.tooLarge
  return null
}

const stateOf = (profile: EditableProfile): ProfileEditorState => {
  const saved = { name: profile.name ?? '', bio: profile.bio ?? '', avatarUrl: profile.avatarUrl }
  return {
    profile,
    saved,
    name: saved.name,
    bio: saved.bio,
    editing: { name: false, bio: false },
    file: null,
    preview: null,
    saving: false,
    bioError: null,
  }
}

export const $profileEditor = map<ProfileEditorState>(
  stateOf({ id: 0, userName: '', name: null, bio: null, avatarUrl: null, defaultAvatar: '' }),
)

/**
 * Seeds the editor from the island's props, before its first render reads the store (so the
 * server's HTML and hydration start from the same values).
 */
export function initProfileEditor(profile: EditableProfile) {
  $profileEditor.set(stateOf(profile))
}

export const setProfileField = (field: ProfileField, value: string) =>
  $profileEditor.setKey(field, value)

export function toggleEditing(field: ProfileField) {
  const { editing } = $profileEditor.get()
  $profileEditor.setKey('editing', { ...editing, [field]: !editing[field] })
}

/** Escape in a field: back to the saved text, and the field closes. */
export function cancelEditing(field: ProfileField) {
  const { saved, editing } = $profileEditor.get()
  $profileEditor.set({
    ...$profileEditor.get(),
    [field]: saved[field],
    editing: { ...editing, [field]: false },
  })
}

/** A photo picked for the avatar: refused with a toast, or kept (with a preview) until saved. */
export function chooseAvatar(chosen: File) {
  const problem = avatarProblem(chosen)
  if (problem) {
    toast.error(problem)
    return
  }
  $profileEditor.set({
    ...$profileEditor.get(),
    file: chosen,
    preview: URL.createObjectURL(chosen),
  })
}

/**
 * The avatar goes to /api/media (purpose 'avatar'; the server cuts it square), then one PATCH of
 * the name, the bio and the new avatar.
 */
export async function saveProfile() {
  const { profile, name, bio, file } = $profileEditor.get()
  const parsed = userSchema.safeParse({ bio: bio.trim() })
  if (!parsed.success) {
    const { editing } = $profileEditor.get()
    $profileEditor.set({
      ...$profileEditor.get(),
      bioError: parsed.error.issues[0]?.message ?? MESSAGES.bioTooLong,
      editing: { ...editing, bio: true },
    })
    return
  }
  $profileEditor.set({ ...$profileEditor.get(), bioError: null, saving: true })
  try {
    let avatar: number | undefined
    if (file) {
      try {
        avatar = await uploadMedia(file, 'avatar', `${name.trim() || profile.userName}'s avatar`)
      } catch (error) {
        // The server's own refusal (type, size) says more than the generic words.
        const specific = error instanceof ApiError && error.status === 400
        toast.error(specific ? error.message : 'Image upload failed')
        return
      }
    }
    const { doc } = await send(
      'users.update',
      { name: name.trim(), bio: bio.trim(), ...(avatar ? { avatar } : {}) },
      { id: profile.id },
    )
    const next = {
      name: doc.name ?? '',
      bio: doc.bio ?? '',
      avatarUrl: (doc.avatar && typeof doc.avatar === 'object' ? doc.avatar.url : null) ?? null,
    }
    $profileEditor.set({
      ...$profileEditor.get(),
      saved: next,
      name: next.name,
      bio: next.bio,
      file: null,
      preview: null,
      editing: { name: false, bio: false },
    })
    toast.success('Profile updated!')
    // The header's avatar menu shows the new picture and name.
    void loadSession(true)
  } catch (error) {
    toast.error(error instanceof Error ? error.message : 'Profile update failed')
  } finally {
    $profileEditor.setKey('saving', false)
  }
}
