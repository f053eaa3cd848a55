import type { Permission } from '../api/session.ts';

/** The project sidebar's entries, in order; `path` is relative to `/p/:projectId`. */
export interface NavItem {
  label: string;
  path: string;
  /** Shown only when the server captures mail instead of sending it. */
  captureOnly?: boolean;
  /** Shown only to members who hold it (the screen shows nothing else to anyone without it). */
  permission?: Permission;
}

// Paths are written out, never derived from labels: a label may be reworded or translated, a URL
// people bookmarked may not change with it.
const item = (label: string, path: string, only: Pick<NavItem, 'captureOnly' | 'permission'> = {}): NavItem => ({
  label,
  path,
  ...only,
});

export const NAV_GROUPS: Array<{ label: string; items: NavItem[] }> = [
  { label: '', items: [item('Overview', '')] },
  {
    label: 'Audience',
    items: [
      item('Contacts', 'contacts'),
      item('Fields', 'fields'),
      item('Segments', 'segments'),
      item('Topics', 'topics'),
      item('Events', 'events'),
    ],
  },
  {
    label: 'Messaging',
    items: [item('Templates', 'templates'), item('Campaigns', 'campaigns'), item('Workflows', 'workflows')],
  },
  {
    label: 'Insights',
    items: [
      item('Activity', 'activity'),
      item('Analytics', 'analytics'),
      item('Email log', 'emails'),
      item('Outbox', 'outbox', { captureOnly: true }),
    ],
  },
  {
    label: 'Project',
    items: [
      item('Domains', 'domains'),
      item('Transports', 'transports'),
      item('Suppressions', 'suppressions'),
      item('Webhooks', 'webhooks'),
      item('Audit log', 'audit-log', { permission: 'audit.read' }),
      item('Settings', 'settings'),
    ],
  },
];
