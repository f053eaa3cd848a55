import type { Permission } from '../api/session.ts';
import { msg } from '../i18n/msg.ts';

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
// people bookmarked may not change with it. Labels are English messages the sidebar translates.
const item = (label: string, path: string, only: Pick<NavItem, 'captureOnly' | 'permission'> = {}): NavItem => ({
  label,
  path,
  ...only,
});

export const NAV_GROUPS: Array<{ label: string; items: NavItem[] }> = [
  { label: '', items: [item(msg('Overview'), '')] },
  {
    label: msg('Audience'),
    items: [
      item(msg('Contacts'), 'contacts'),
      item(msg('Fields'), 'fields'),
      item(msg('Segments'), 'segments'),
      item(msg('Topics'), 'topics'),
      item(msg('Events'), 'events'),
    ],
  },
  {
    label: msg('Messaging'),
    items: [
      item(msg('Templates'), 'templates'),
      item(msg('Campaigns'), 'campaigns'),
      item(msg('Workflows'), 'workflows'),
    ],
  },
  {
    label: msg('Insights'),
    items: [
      item(msg('Activity'), 'activity'),
      item(msg('Analytics'), 'analytics'),
      item(msg('Email log'), 'emails'),
      item(msg('Outbox'), 'outbox', { captureOnly: true }),
    ],
  },
  {
    label: msg('Project'),
    items: [
      item(msg('Domains'), 'domains'),
      item(msg('Transports'), 'transports'),
      item(msg('Suppressions'), 'suppressions'),
      item(msg('Webhooks'), 'webhooks'),
      item(msg('Audit log'), 'audit-log', { permission: 'audit.read' }),
      item(msg('Settings'), 'settings'),
    ],
  },
];
