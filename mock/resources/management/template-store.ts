import type { Clock } from '../../../src/clock.js'
import { toIso } from '../../../src/clock.js'
import type { IdSource } from '../../../src/ids.js'
import type { CampaignTemplate } from '../../../src/records.js'
import type { CampaignTemplateCopyRequest } from '../../../src/types/index.js'
import { ApiError, notFound } from '../../engine/errors.js'

export type { CampaignTemplate } from '../../../src/records.js'

/** Campaign templates of one project. Names are unique within a project (copying onto a used name is a 409). */
export class TemplateStore {
  readonly #templates = new Map<string, CampaignTemplate>()

  constructor(private readonly deps: { clock: Clock; ids: IdSource }) {}

  add(template: CampaignTemplate): CampaignTemplate {
    this.#assertNameFree(template.name)
    this.#templates.set(template.id, structuredClone(template))
    return template
  }

  get(templateId: string): CampaignTemplate {
    const template = this.#templates.get(templateId)
    if (!template) throw notFound('campaign_template', templateId)
    return structuredClone(template)
  }

  /** Stores a copy of `source` under a new id; templates reference no project data until used (seed §7). */
  receiveCopy(source: CampaignTemplate, request: Pick<CampaignTemplateCopyRequest, 'name' | 'description'>): CampaignTemplate {
    const copy: CampaignTemplate = {
      id: this.deps.ids.next('camp_tpl'),
      name: request.name,
      description: request.description !== undefined ? request.description : (source.description ?? null),
      campaign_type: source.campaign_type,
      created_at: toIso(this.deps.clock.now()),
      object: 'campaign_template',
    }
    return this.add(copy)
  }

  get size(): number {
    return this.#templates.size
  }

  list(): CampaignTemplate[] {
    return [...this.#templates.values()].map((t) => structuredClone(t))
  }

  #assertNameFree(name: string): void {
    for (const t of this.#templates.values()) {
      if (t.name === name) {
        throw new ApiError('DUPLICATE_FOUND', `A campaign template named "${name}" already exists in this project`, {
          resourceId: name,
          resourceType: 'campaign_template',
        })
      }
    }
  }
  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
  snapshot(): CampaignTemplate[] {
    return this.list()
  }

  restore(templates: CampaignTemplate[]): void {
    this.#templates.clear()
    for (const template of templates) this.add(template)
  }
}
