/**
 * Whether a campaign shows on the project's public archive (`/archive/<projectId>`, readable by
 * anyone, without personal data) and in its RSS feed once it is SENT. A draft's switch is part of its
 * form (saved with the draft); past the draft it is saved at once (PATCH /campaigns/:id), and a sent
 * campaign on the archive links to its page there.
 */
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Layout.tsx';
import { Switch } from '../../components/Switch.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Campaign, campaignMutations } from '../../queries/campaigns.ts';
import { useAction } from '../../queries/use-action.ts';

/** The campaign's page on the public archive (served by the API, outside the dashboard). */
export function archiveUrl(projectId: string, campaignId: string): string {
  return `/archive/${encodeURIComponent(projectId)}/${encodeURIComponent(campaignId)}`;
}

/** The switch with its one-line explanation. */
export function ArchiveSwitch({
  checked,
  onChange,
  sent = false,
  busy,
}: {
  checked: boolean;
  onChange: (archive: boolean) => void;
  /** The campaign went out: it is listed now rather than once sent. */
  sent?: boolean;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <Switch
        className="text-left"
        label={t('Show in the public archive')}
        showLabel
        checked={checked}
        onChange={onChange}
        busy={busy}
      />
      <p className="text-xs text-slate-500">
        {sent
          ? t('Listed on the project’s public archive page and RSS feed, readable by anyone, without personal data.')
          : t('Once sent, it is listed on the project’s public archive page and RSS feed, without personal data.')}
      </p>
    </div>
  );
}

/** Past the draft: the switch saved on each change, and the link to the campaign's archive page once it is there. */
export function ArchiveCard({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const scope = useProject();
  const patch = useAction(campaignMutations.archive(scope, campaign.id), {
    onSuccess: (next) => toast(next.archive ? t('Shown in the public archive') : t('Removed from the public archive')),
  });
  const sent = campaign.status === 'SENT';
  return (
    <Card title={t('Public archive')}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ArchiveSwitch
          checked={campaign.archive}
          sent={sent}
          busy={patch.isPending}
          onChange={(archive) => patch.mutate({ archive })}
        />
        {sent && campaign.archive && (
          <a
            href={archiveUrl(scope.projectId, campaign.id)}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            {t('View in archive')}
            <ExternalLink className="size-3.5" aria-hidden />
          </a>
        )}
      </div>
    </Card>
  );
}
