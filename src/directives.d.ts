// The custom directive of astro.config.mjs (widgets/lib/focusDirective.ts), for Astro's checker.
import 'astro'

declare module 'astro' {
  interface AstroClientDirectives {
    'client:focus'?: boolean
  }
}
