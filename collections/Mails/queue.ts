/** Every mail-related job runs in this queue. */
export const MAIL_QUEUE = 'mail'
