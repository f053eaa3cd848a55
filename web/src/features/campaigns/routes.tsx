import type { RouteObject } from 'react-router';
import { CampaignPage } from './CampaignPage.tsx';
import { CampaignsPage } from './CampaignsPage.tsx';
import { NewCampaignPage } from './NewCampaignPage.tsx';

/** The Campaigns screens, relative to /p/:projectId. */
export const campaignsRoutes: RouteObject[] = [
  { path: 'campaigns', element: <CampaignsPage /> },
  { path: 'campaigns/new', element: <NewCampaignPage /> },
  { path: 'campaigns/:campaignId', element: <CampaignPage /> },
];
