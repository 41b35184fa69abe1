/** SPEC §8: what a visitor is told who tries to start a discussion (the island, the form, the API). */
export const DISCUSSION_SIGN_IN = 'Please login to start a discussion'
