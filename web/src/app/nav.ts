/** The project sidebar's entries, in order; `path` is relative to `/p/:projectId`. */
export interface NavItem {
  label: string;
  path: string;
  /** Shown only when the server captures mail instead of sending it. */
  captureOnly?: boolean;
}

export const NAV_GROUPS: Array<{ label: string; items: NavItem[] }> = [
  { label: '', items: [{ label: 'Overview', path: '' }] },
  {
    label: 'Audience',
    items: [
      { label: 'Contacts', path: 'contacts' },
      { label: 'Fields', path: 'fields' },
      { label: 'Segments', path: 'segments' },
      { label: 'Topics', path: 'topics' },
      { label: 'Events', path: 'events' },
    ],
  },
  {
    label: 'Messaging',
    items: [
      { label: 'Templates', path: 'templates' },
      { label: 'Campaigns', path: 'campaigns' },
      { label: 'Workflows', path: 'workflows' },
    ],
  },
  {
    label: 'Insights',
    items: [
      { label: 'Activity', path: 'activity' },
      { label: 'Analytics', path: 'analytics' },
      { label: 'Email log', path: 'emails' },
      { label: 'Outbox', path: 'outbox', captureOnly: true },
    ],
  },
  {
    label: 'Project',
    items: [
      { label: 'Domains', path: 'domains' },
      { label: 'Transports', path: 'transports' },
      { label: 'Webhooks', path: 'webhooks' },
      { label: 'Settings', path: 'settings' },
    ],
  },
];
