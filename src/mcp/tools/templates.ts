/** The template tool: a page of the project's templates (their ids are what send_email's `template` takes). */
import { Type } from 'typebox';
import { listTemplates } from '../../templates/templates.service.ts';
import { Cursor, defineTool, Limit, nextPage } from './types.ts';

export const listTemplatesTool = defineTool({
  name: 'list_templates',
  description:
    'Lists email templates, newest first, a page at a time: id, name, subject, type (TRANSACTIONAL, MARKETING, ' +
    "HEADLESS). A template's id is what send_email's `template` takes. Pass nextCursor as `cursor` for the next page.",
  input: Type.Object({ limit: Type.Optional(Limit), cursor: Type.Optional(Cursor) }),
  write: false,
  resource: 'template',
  async run(deps, projectId, args) {
    const page = await listTemplates(deps, projectId, { limit: args.limit ?? 20, cursor: args.cursor });
    const templates = page.templates.map((t) => ({
      id: t.id,
      name: t.name,
      subject: t.subject,
      type: t.type,
      from: t.from,
      updatedAt: t.updatedAt,
    }));
    return { result: { templates, nextCursor: nextPage(page), total: page.total } };
  },
});
