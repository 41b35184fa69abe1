import { map } from 'nanostores'

import { normaliseTags } from '@/rules/tags'
import { DISCUSSION_TEXT, discussionHref } from '@/views/discussion'
import { ApiError } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'
import { $session, loadSession } from '@widgets/lib/session'
import { toast } from '@widgets/lib/toast'

/**
 * The discussion screens' state and actions (SPEC §2 Discussions, §5 title and content
 * required): here the list page's new-discussion form and the checks both forms share; a
 * post's page (§4 inline edit and delete with confirmation) is in ./postStore.ts.
 */

export type FieldErrors = Partial<Record<'title' | 'content' | 'tags', string>>

export interface DraftState {
  open: boolean
  title: string
  content: string
  /** Comma-separated, as typed (SPEC §5 tags: trimmed, empties dropped on save). */
  tags: string
  busy: boolean
  errors: FieldErrors
}

export const emptyDraft = (): DraftState => ({
  open: false,
  title: '',
  content: '',
  tags: '',
  busy: false,
  errors: {},
})

/** The new-discussion form of the list page. */
export const $draft = map<DraftState>(emptyDraft())

export function setDraftOpen(open: boolean) {
  if (open) void loadDiscussionSchema()
  $draft.set({ ...$draft.get(), open })
}

export function setDraftField(field: 'title' | 'content' | 'tags', value: string) {
  const errors = { ...$draft.get().errors }
  delete errors[field]
  $draft.set({ ...$draft.get(), [field]: value, errors })
}

/** The schema and zod: loaded once a form opens, not with the page. */
export const loadDiscussionSchema = () => import('@/schemas/discussion')

/** The same rule the server applies (src/schemas/discussion.ts), field by field. */
export async function checkDiscussion(input: { title: string; content: string; tags?: string }) {
  const { discussionSchema } = await loadDiscussionSchema()
  const parsed = discussionSchema.safeParse({
    title: input.title,
    content: input.content,
    tags: normaliseTags(input.tags ?? ''),
  })
  const errors: FieldErrors = {}
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0]
      if ((field === 'title' || field === 'content' || field === 'tags') && !errors[field]) {
        errors[field] = issue.message
      }
    }
  }
  return errors
}

async function signedIn(): Promise<boolean> {
  const now = $session.get()
  const s = now.status === 'loading' ? await loadSession() : now
  return s.status === 'signed-in'
}

/** Where the page goes after a write (tests and the page may replace it). */
export const navigation = {
  go: (href: string) => window.location.assign(href),
}

/**
 * Posts the draft (into the neighbourhood when the list is one's) and opens the new discussion.
 * Resolves the new id, or null when refused (the reason is shown by the form or a toast).
 */
export async function submitDraft(neighbourhoodId: number | null): Promise<number | null> {
  if ($draft.get().busy) return null
  if (!(await signedIn())) {
    toast.error(DISCUSSION_TEXT.loginToPost, { id: 'login-to-post' })
    return null
  }
  const errors = await checkDiscussion($draft.get())
  // Read after the wait: what was typed meanwhile is what is checked next time, never dropped.
  const draft = $draft.get()
  if (draft.busy) return null
  if (Object.keys(errors).length) {
    $draft.set({ ...draft, errors })
    return null
  }
  $draft.set({ ...draft, busy: true, errors: {} })
  try {
    const answer = await send('discussions.post', {
      title: draft.title.trim(),
      content: draft.content.trim(),
      tags: normaliseTags(draft.tags),
      neighbourhood: neighbourhoodId,
    })
    $draft.set(emptyDraft())
    toast.success(DISCUSSION_TEXT.posted)
    navigation.go(discussionHref(answer.doc.id))
    return answer.doc.id
  } catch (e) {
    console.warn('Discussion failed', e)
    $draft.set({ ...$draft.get(), busy: false })
    toast.error(e instanceof ApiError && e.status === 400 ? e.message : DISCUSSION_TEXT.postFailed)
    return null
  }
}
