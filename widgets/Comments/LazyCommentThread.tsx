import { lazy, Suspense } from 'react'

import {
  ThreadFrame,
  ThreadLoading,
  type CommentThreadProps,
  type ThreadBodyProps,
} from './ThreadFrame'

/** Without the code (offline, say): what a thread that cannot load says. */
function Unavailable() {
  return <p className="muted">Comments could not be loaded right now.</p>
}

const LoadedBody = lazy(() => import('./ThreadBody').catch(() => ({ default: Unavailable })))

/** Rendered only once the thread is open, in the browser (a review's starts closed). */
function ThreadBody(props: ThreadBodyProps) {
  return (
    <Suspense fallback={<ThreadLoading initialCount={props.initialCount} />}>
      <LoadedBody {...props} />
    </Suspense>
  )
}

/**
 * A collapsed thread (a review's, many to a page): the comments' code loads when the reader
 * opens it, so the page's first download carries only the toggle and the live count.
 */
export default function LazyCommentThread(props: CommentThreadProps) {
  return <ThreadFrame {...props} Body={ThreadBody} />
}
