import type { TypedHandlers } from '../../engine/typed-handlers.js'
import type { ListAsyncActionsQuery } from './async-action-store.js'

export const asyncActionHandlers = {
  getAsyncAction: ({ params }, { project }) => ({ status: 200, body: project.asyncActions.get(params.asyncActionId) }),
  listAsyncActions: ({ query }, { project }) => ({ status: 200, body: project.asyncActions.list(query as ListAsyncActionsQuery) }),
} satisfies TypedHandlers<'getAsyncAction' | 'listAsyncActions'>
