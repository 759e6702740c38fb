import type { TypedHandlers } from '../../engine/typed-handlers.js'

export const categoryHandlers = {
  createCategory: ({ body }, { project }) => ({ status: 200, body: project.categories.create(body) }),
  listCategories: (_req, { project }) => {
    const data = project.categories.list()
    return { status: 200, body: { object: 'list', data_ref: 'data', data, total: data.length } }
  },
  getCategory: ({ params }, { project }) => ({ status: 200, body: project.categories.get(params.categoryId) }),
} satisfies TypedHandlers<'createCategory' | 'listCategories' | 'getCategory'>
