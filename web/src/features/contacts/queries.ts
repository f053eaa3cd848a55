/** Query keys and shared hooks of the contacts screens. */
import { useQuery } from '@tanstack/react-query';
import type { ResponseBody } from '../../../../client/index.ts';
import type { paths } from '../../../../client/schema.d.ts';
import { projectKey, useProject } from '../../app/project-context.tsx';

export type Contact = ResponseBody<NonNullable<paths['/contacts/{id}']['get']>>;
export type ContactPage = ResponseBody<NonNullable<paths['/contacts']['get']>>;
export type BulkJob = ResponseBody<NonNullable<paths['/contacts/bulk/{jobId}']['get']>>;
export type ImportJob = ResponseBody<NonNullable<paths['/contacts/import/{jobId}']['get']>>;
export type FieldList = ResponseBody<NonNullable<paths['/contacts/fields']['get']>>;
export type FieldDescriptor = FieldList['fields'][number];
export type ActivityItem = ResponseBody<NonNullable<paths['/activity']['get']>>['data'][number];
export type ContactEvent = ResponseBody<NonNullable<paths['/events/contact/{contactId}']['get']>>['data'][number];

/** Every contacts query of a project starts with this, so one invalidation refreshes them all. */
export const contactsKey = (projectId: string, ...parts: unknown[]) => projectKey(projectId, 'contacts', ...parts);
export const fieldsKey = (projectId: string, ...parts: unknown[]) => projectKey(projectId, 'contact-fields', ...parts);

/** The project's fields with type and coverage (also feeds name suggestions in the editors). */
export function useFields() {
  const { projectId, api } = useProject();
  return useQuery({
    queryKey: fieldsKey(projectId, 'list'),
    queryFn: () => api.get('/contacts/fields'),
    staleTime: 30_000,
  });
}

/** A job is over once it completed or failed. */
export function jobDone(status: string | undefined): boolean {
  return status === 'completed' || status === 'failed';
}
