import { atom } from 'nanostores'

import { mentionsOf } from '@/rules/mentions'
import { DISCUSSION_TEXT, type DiscussionView } from '@/views/discussion'
import { ApiError } from '@widgets/lib/api'
import { readDocument, send } from '@widgets/lib/client'
import { subscribeChannel } from '@widgets/lib/realtime'
import { toast } from '@widgets/lib/toast'
import { checkDiscussion, loadDiscussionSchema, navigation, type FieldErrors } from './store'

/**
 * The post of a discussion's page (SPEC §4 inline edit and delete with confirmation) and its
 * live updates. Components render it and call these.
 */

export interface PostState {
  view: DiscussionView
  editing: boolean
  /** The edit form's text while editing. */
  edit: { title: string; content: string }
  busy: boolean
  errors: FieldErrors
  confirmingDelete: boolean
  /** Gone (deleted here, or hidden or deleted elsewhere while open). */
  gone: boolean
}

/** The post of a detail page. */
export const $post = atom<PostState | null>(null)

export function seedPost(view: DiscussionView) {
  if ($post.get()?.view.id !== view.id) {
    $post.set({
      view,
      editing: false,
      edit: { title: view.title, content: view.content },
      busy: false,
      errors: {},
      confirmingDelete: false,
      gone: false,
    })
  }
}

function patchPost(change: Partial<PostState>) {
  const p = $post.get()
  if (p) $post.set({ ...p, ...change })
}

/** Opens the inline edit: from the post, or as the server showed it (?edit=, a refused save). */
export function startEditPost(resume?: { edit: PostState['edit']; errors: FieldErrors }) {
  void loadDiscussionSchema()
  const p = $post.get()
  if (p)
    patchPost({
      editing: true,
      errors: resume?.errors ?? {},
      edit: resume?.edit ?? { title: p.view.title, content: p.view.content },
    })
}

export function setEditField(field: 'title' | 'content', value: string) {
  const p = $post.get()
  if (!p) return
  const errors = { ...p.errors }
  delete errors[field]
  patchPost({ edit: { ...p.edit, [field]: value }, errors })
}
export const cancelEditPost = () => patchPost({ editing: false, errors: {} })
export const askDeletePost = (confirming: boolean) => patchPost({ confirmingDelete: confirming })

/** SPEC §4 inline edit: title and content, both required; resolves true when saved. */
export async function savePost(): Promise<boolean> {
  const p = $post.get()
  if (!p || p.busy) return false
  const { title, content } = p.edit
  const errors = await checkDiscussion({ title, content })
  if ($post.get()?.busy) return false
  if (Object.keys(errors).length) {
    patchPost({ errors })
    return false
  }
  if (title.trim() === p.view.title && content.trim() === p.view.content) {
    cancelEditPost()
    return true
  }
  patchPost({ busy: true, errors: {} })
  try {
    const answer = await send(
      'discussions.edit',
      { title: title.trim(), content: content.trim() },
      { id: p.view.id },
    )
    patchPost({
      busy: false,
      editing: false,
      view: {
        ...p.view,
        title: answer.doc.title,
        content: answer.doc.content,
        mentions: mentionsOf(answer.doc.mentions),
        updatedAt: answer.doc.updatedAt,
      },
    })
    return true
  } catch (e) {
    console.warn('Discussion update failed', e)
    patchPost({ busy: false })
    toast.error(
      e instanceof ApiError && e.status === 400 ? e.message : DISCUSSION_TEXT.updateFailed,
    )
    return false
  }
}

/** Deletes the post (after the confirmation) and leaves for the list it came from. */
export async function deletePost(leaveTo: string): Promise<boolean> {
  const p = $post.get()
  if (!p || p.busy) return false
  patchPost({ busy: true, confirmingDelete: false })
  try {
    await send('discussions.remove', {}, { id: p.view.id })
    patchPost({ busy: false, gone: true })
    toast.success(DISCUSSION_TEXT.deleted)
    navigation.go(leaveTo)
    return true
  } catch (e) {
    console.warn('Discussion delete failed', e)
    patchPost({ busy: false })
    toast.error(DISCUSSION_TEXT.deleteFailed)
    return false
  }
}

interface LiveDiscussion {
  id: number
  title?: string
  content?: string
  mentions?: unknown
  hidden?: boolean
}

/** Reads the open post again (after a reconnect: Pusher does not replay what was missed). */
async function rereadPost(id: number) {
  try {
    const d = await readDocument('discussions', id, { depth: 0 })
    const p = $post.get()
    if (!p || p.view.id !== id || p.editing) return
    patchPost({
      view: { ...p.view, title: d.title, content: d.content, mentions: mentionsOf(d.mentions) },
    })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) patchPost({ gone: true })
  }
}

/** Keeps the open post up to date when its author edits it elsewhere, or it goes. */
export function watchPost(id: number): () => void {
  return subscribeChannel(
    'forum',
    {
      'discussion.updated': (data) => {
        const d = data as LiveDiscussion
        const p = $post.get()
        if (!p || Number(d.id) !== id || p.editing) return
        if (d.hidden) return patchPost({ gone: true })
        patchPost({
          view: {
            ...p.view,
            title: d.title ?? p.view.title,
            content: d.content ?? p.view.content,
            mentions: d.mentions ? mentionsOf(d.mentions) : p.view.mentions,
          },
        })
      },
      'discussion.deleted': (data) => {
        if (Number((data as LiveDiscussion).id) === id) patchPost({ gone: true })
      },
    },
    () => void rereadPost(id),
  )
}

/**
 * SPEC §2: Back returns to the previous page: the browser's own history when the visitor came
 * from this site, else the list (a shared link opened in a new tab has nothing to go back to).
 */
export function goBack(fallback: string) {
  const sameSite =
    document.referrer !== '' && new URL(document.referrer).origin === window.location.origin
  if (sameSite && window.history.length > 1) window.history.back()
  else navigation.go(fallback)
}
