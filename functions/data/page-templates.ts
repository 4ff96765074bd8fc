// Saved page templates (issue 27, docs/decisions/0176-page-templates.md): a page's content saved by
// the team under a name, so a new page can start from it (POST /api/landing-pages with
// `startFrom: 'template'` and its id). The built-ins are code (functions/shared/page-templates.ts);
// only the saved ones live here. At most MAX_SAVED_TEMPLATES, names unique (ignoring case).
//
// Access patterns and keys (functions/data/keys.ts):
//   every template ... Query         pk=TEMPLATES
//   one template ..... Get / Put / Delete  pk=TEMPLATES  sk=<uuid>
// Each save and delete writes its audit entry in the same transaction.
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '../core/domain-errors.ts';
import type { LandingContent } from '../shared/landing-content.ts';
import { MAX_SAVED_TEMPLATES } from '../shared/api/templates.ts';
import { blockTypesOf } from '../shared/page-templates.ts';
import { auditActor } from './audit.ts';
import { keys } from './keys.ts';
import { putNew, queryAll, TableRepository } from './table.ts';

export interface SavedTemplate {
  id: string;
  name: string;
  description: string;
  content: LandingContent;
  /** The page it was saved from, when the template was made. */
  sourcePageId: string;
  createdAt: string;
  createdBy: string;
}

type Actor = { email: string; ip?: string | undefined };

function toTemplate(item: Record<string, unknown>): SavedTemplate {
  return {
    id: String(item['id']),
    name: String(item['name']),
    description: String(item['description'] ?? ''),
    content: item['content'] as LandingContent,
    sourcePageId: String(item['sourcePageId'] ?? ''),
    createdAt: String(item['createdAt']),
    createdBy: String(item['createdBy']),
  };
}

export class PageTemplateRepository extends TableRepository {
  /** Every saved template, oldest first. */
  async list(): Promise<SavedTemplate[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.templatesPartition() },
      ConsistentRead: true,
    });
    return items
      .map(toTemplate)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name));
  }

  async get(id: string): Promise<SavedTemplate | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.template(id), ConsistentRead: true }),
    );
    return result.Item ? toTemplate(result.Item) : undefined;
  }

  /**
   * Saves `content` (already valid) as a new template. The limit and the name are checked
   * against a read of the list: two saves racing past them at once is tolerated (a team
   * of editors, not a public form), the id never collides.
   */
  async create(
    input: { name: string; description?: string | undefined; content: LandingContent },
    source: { pageId: string; title: string; slug: string },
    actor: Actor,
    reservedNames: readonly string[],
  ): Promise<SavedTemplate> {
    const name = input.name.trim();
    const existing = await this.list();
    if (existing.length >= MAX_SAVED_TEMPLATES) {
      throw new ConflictError(
        `There are ${MAX_SAVED_TEMPLATES} saved templates already: delete one first`,
      );
    }
    const taken = [...reservedNames, ...existing.map((template) => template.name)];
    if (taken.some((other) => other.toLowerCase() === name.toLowerCase())) {
      throw new ConflictError(`A template named "${name}" exists already`, {
        name: ['is taken by another template'],
      });
    }
    const now = this.now();
    const template: SavedTemplate = {
      id: randomUUID(),
      name,
      description: input.description?.trim() ?? '',
      content: input.content,
      sourcePageId: source.pageId,
      createdAt: now.toISOString(),
      createdBy: actor.email,
    };
    await this.transact({
      now,
      items: [putNew(this.table, { ...keys.template(template.id), ...template })],
      audit: {
        ...auditActor(actor),
        action: 'template-save',
        pageId: source.pageId,
        summary: `Template "${name}" saved from ${source.title} (/${source.slug})`,
      },
    });
    return template;
  }

  async delete(id: string, actor: Actor): Promise<SavedTemplate> {
    const template = await this.get(id);
    if (!template) throw new NotFoundError('Template not found');
    await this.transact({
      items: [
        {
          Delete: {
            TableName: this.table,
            Key: keys.template(id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ],
      audit: {
        ...auditActor(actor),
        action: 'template-delete',
        summary: `Template "${template.name}" deleted`,
      },
      onConflict: () => new NotFoundError('Template not found'),
    });
    return template;
  }
}

/** The list entry of a saved template (GET /api/admin/templates). */
export const summaryOf = (template: SavedTemplate) => ({
  id: template.id,
  name: template.name,
  description: template.description,
  builtIn: false,
  createdAt: template.createdAt,
  createdBy: template.createdBy,
  blocks: blockTypesOf(template.content),
});
