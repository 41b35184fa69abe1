import { userSchema } from '@/schemas/user'
import { errorMessage } from '@/rules/apiErrors'
import { ok, schemaRefusal, sendCommand, upload, viewer } from './calls'
import { file, text, type FormHandler } from './types'

/** The owner's name, bio and avatar (the avatar uploaded first, as the island does). */
export const profile: FormHandler = async ({ fields, call }) => {
  const name = text(fields, 'name').trim()
  const bio = text(fields, 'bio').trim()
  const parsed = userSchema.safeParse({ bio })
  if (!parsed.success) return schemaRefusal(parsed.error)
  const user = await viewer(call)
  if (!user) return { redirect: '/login?next=%2Fprofile' }
  const chosen = file(fields, 'avatar')
  let avatar: number | undefined
  if (chosen) {
    const uploaded = await upload(call, chosen, 'avatar', `${name || user.userName}'s avatar`)
    if (typeof uploaded !== 'number') return { ...uploaded, field: 'avatar' }
    avatar = uploaded
  }
  const changes = { name, bio, ...(avatar ? { avatar } : {}) }
  const answer = await sendCommand(call, 'users.update', changes, { id: user.id })
  if (!ok(answer)) return { error: errorMessage(answer.body, 'Profile update failed') }
  return { redirect: '/profile', flash: 'Profile updated!' }
}
