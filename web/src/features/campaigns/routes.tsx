import type { RouteObject } from 'react-router';
import { CampaignsPage } from './CampaignsPage.tsx';

/**
 * The Campaigns screens, relative to /p/:projectId. The editor and the campaign screen bring the
 * email preview (LiquidJS) and the HTML editor: loaded when first opened, not with the dashboard.
 */
export const campaignsRoutes: RouteObject[] = [
  { path: 'campaigns', element: <CampaignsPage /> },
  {
    path: 'campaigns/new',
    lazy: () => import('./NewCampaignPage.tsx').then((m) => ({ Component: m.NewCampaignPage })),
  },
  {
    path: 'campaigns/:campaignId',
    lazy: () => import('./CampaignPage.tsx').then((m) => ({ Component: m.CampaignPage })),
  },
];
