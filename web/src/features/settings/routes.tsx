import type { RouteObject } from 'react-router';
import { BillingSettings } from './BillingSettings.tsx';
import { ConsentSettings } from './ConsentSettings.tsx';
import { GeneralSettings } from './GeneralSettings.tsx';
import { KeysSettings } from './KeysSettings.tsx';
import { MembersSettings } from './MembersSettings.tsx';
import { SecuritySettings } from './SecuritySettings.tsx';
import { SendingSettings } from './SendingSettings.tsx';
import { SettingsLayout } from './SettingsLayout.tsx';

/** The Settings screens, relative to /p/:projectId; each sub-page is its own URL. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    element: <SettingsLayout />,
    children: [
      { index: true, element: <GeneralSettings /> },
      { path: 'consent', element: <ConsentSettings /> },
      { path: 'sending', element: <SendingSettings /> },
      { path: 'keys', element: <KeysSettings /> },
      { path: 'members', element: <MembersSettings /> },
      { path: 'billing', element: <BillingSettings /> },
      { path: 'security', element: <SecuritySettings /> },
    ],
  },
];
