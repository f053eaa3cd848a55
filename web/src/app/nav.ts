/** The project sidebar's entries, in order; `path` is relative to `/p/:projectId`. */
export interface NavItem {
  label: string;
  path: string;
  /** Shown only when the server captures mail instead of sending it. */
  captureOnly?: boolean;
}

// Paths are written out, never derived from labels: a label may be reworded or translated, a URL
// people bookmarked may not change with it.
const item = (label: string, path: string, captureOnly?: boolean): NavItem => ({ label, path, captureOnly });

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
      item('Outbox', 'outbox', true),
    ],
  },
  {
    label: 'Project',
    items: [
      item('Domains', 'domains'),
      item('Transports', 'transports'),
      item('Webhooks', 'webhooks'),
      item('Settings', 'settings'),
    ],
  },
];
