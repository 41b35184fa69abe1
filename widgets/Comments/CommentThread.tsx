import ThreadBody from './ThreadBody'
import { ThreadFrame, type CommentThreadProps } from './ThreadFrame'

export type { CommentThreadProps }

/** A thread whose code comes with the page's (a story's or a discussion's, open at once). */
export default function CommentThread(props: CommentThreadProps) {
  return <ThreadFrame {...props} Body={ThreadBody} />
}
