import type { OperationHandlers } from '../types.js'
import type { NewCategory } from './category-store.js'

export const categoryHandlers = {
  createCategory: ({ body }, { project }) => ({
    status: 200,
    body: project.categories.create(body as NewCategory),
  }),
} satisfies OperationHandlers
