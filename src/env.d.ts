// Astro's client types (asset imports such as `?url`), present before any `astro build` has run.
/// <reference types="astro/client" />

declare namespace App {
  /** What the server tells an on-demand page (src/server/site/site.ts, src/server/http/formPosts.ts). */
  interface Locals {
    /** A form of this page that was refused: its message and what was typed. */
    form?: import('@/views/forms').FormState
    /** A success message to show once (after a form posted without JavaScript). */
    flash?: string
    /** When this render began (ms): its data is at least this fresh (src/middleware). */
    renderedAt?: number
  }
}
