import type { ClientDirective } from 'astro'

/**
 * `client:focus`: an island whose code loads the first time something in it takes focus (a
 * click, a tap or Tab), so pages download nothing for it before that. Until then its server
 * markup works alone (the header's search is a plain GET form).
 */
const focusDirective: ClientDirective = (load, _options, element) => {
  element.addEventListener(
    'focusin',
    async () => {
      const hydrate = await load()
      await hydrate()
    },
    { once: true },
  )
}

export default focusDirective
