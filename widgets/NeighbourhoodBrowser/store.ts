import { atom } from 'nanostores'

/** The search applied from the home hero; the home's 'Explore by Vibe' grid filters by it. */
export const $homeSearch = atom('')
