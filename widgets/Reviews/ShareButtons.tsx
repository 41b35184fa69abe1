import type { MouseEvent } from 'react'

import { Icon } from '@widgets/lib/Icon'
import { toast } from '@widgets/lib/toast'
import './ShareButtons.css'

interface Props {
  /** Absolute address of the page. */
  url: string
  title: string
}

const SHARED_OK = 'Link copied to clipboard'

async function copy(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url)
    return true
  } catch (e) {
    console.warn('Clipboard refused', e)
    return false
  }
}

/**
 * SPEC §2 share options: copy the link, a photo-and-story sharing app (Instagram has no web
 * share address: the device share sheet where there is one, else the link is copied and
 * Instagram opens), a messaging app (WhatsApp) and a microblogging service (X).
 */
export function ShareButtons({ url, title }: Props) {
  const text = `${title} on Belong`
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`
  const x = `https://x.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`

  const onCopy = async () => {
    if (await copy(url)) toast.success(SHARED_OK)
  }

  const onInstagram = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (typeof navigator.share === 'function' && matchMedia('(pointer: coarse)').matches) {
      e.preventDefault()
      try {
        await navigator.share({ title: text, url })
      } catch {
        // Closed the share sheet: nothing to say.
      }
      return
    }
    if (await copy(url)) toast.success(SHARED_OK)
  }

  return (
    <div className="share" role="group" aria-label="Share this neighbourhood">
      <button type="button" className="pill share-button" onClick={() => void onCopy()}>
        <Icon name="link" /> Copy link
      </button>
      <a
        className="pill share-button"
        href="https://www.instagram.com/"
        target="_blank"
        rel="noopener noreferrer"
        onClick={(e) => void onInstagram(e)}
      >
        <Icon name="camera" /> Instagram
      </a>
      <a className="pill share-button" href={whatsapp} target="_blank" rel="noopener noreferrer">
        <Icon name="message-circle" /> WhatsApp
      </a>
      <a className="pill share-button" href={x} target="_blank" rel="noopener noreferrer">
        <Icon name="send" /> Post on X
      </a>
    </div>
  )
}
