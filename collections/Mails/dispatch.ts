import type { TaskHandler } from 'payload'

export const dispatchMails: TaskHandler<any> = async () => ({ output: {} })
