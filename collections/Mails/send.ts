import type { TaskHandler } from 'payload'

export const sendMails: TaskHandler<any> = async () => ({ output: {} })
