/** Types, query keys and labels of the templates screens. */
import type { ResponseBody } from '../../../../client/index.ts';
import type { paths } from '../../../../client/schema.d.ts';
import type { Tone } from '../../components/Layout.tsx';

export type Template = ResponseBody<NonNullable<paths['/templates/{id}']['get']>>;
export type TemplatePage = ResponseBody<NonNullable<paths['/templates']['get']>>;
export type TemplateUsage = ResponseBody<NonNullable<paths['/templates/{id}/usage']['get']>>;
export type TemplateType = Template['type'];

export const TEMPLATE_TYPES: Array<{ id: TemplateType; label: string; tone: Tone; hint: string }> = [
  {
    id: 'TRANSACTIONAL',
    label: 'Transactional',
    tone: 'blue',
    hint: 'Receipts, password resets, alerts: always delivered, no unsubscribe footer.',
  },
  {
    id: 'MARKETING',
    label: 'Marketing',
    tone: 'brand',
    hint: 'Newsletters and announcements: only to subscribed contacts, with an unsubscribe footer and headers.',
  },
  {
    id: 'HEADLESS',
    label: 'Headless',
    tone: 'gray',
    hint: 'Only to subscribed contacts, without the footer: the body must carry its own unsubscribe link.',
  },
];

export function typeInfo(type: TemplateType) {
  return TEMPLATE_TYPES.find((t) => t.id === type) ?? TEMPLATE_TYPES[0]!;
}

export const templatesKey = (projectId: string) => ['project', projectId, 'templates', 'list'] as const;
export const templateKey = (projectId: string, id: string) => ['project', projectId, 'templates', 'one', id] as const;
