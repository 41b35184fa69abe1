// Astro's client types (asset imports such as `?url`), present before any `astro build` has run.
/// <reference types="astro/client" />
