/**
 * Settings → General, "AI assistants (MCP)": whether assistants connected through the project's MCP
 * server (POST /mcp with the secret key) may use its write tools (`mcpWrites`). Off, the default,
 * they may only read. Saved like the other settings: a draft, then Save.
 */
import { Trans, useTranslation } from 'react-i18next';
import { can, type Project } from '../../api/session.ts';
import { Card } from '../../components/Layout.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { Switch } from '../../components/Switch.tsx';
import { DraftForm } from '../../forms/DraftForm.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { projectMutations } from '../../queries/projects.ts';
import { useAction } from '../../queries/use-action.ts';

export function McpSettings({ project }: { project: Project }) {
  const { t } = useTranslation();
  const scope = useProject();
  const editable = can(project, 'settings.change');
  const save = useAction(projectMutations.update(scope), {
    inline: true,
    onSuccess: () => toast(t('Assistant settings saved.')),
  });
  const d = useDraft(
    { mcpWrites: project.mcpWrites },
    {
      save,
      toBody: (draft) => ({ mcpWrites: draft.mcpWrites }),
      leaveMessage: t('Your assistant settings are not saved yet. Leave and lose them?'),
    },
  );
  return (
    <Card title={t('AI assistants (MCP)')}>
      <PermissionNotice permission="settings.change">
        {t('Your role does not let you change what assistants may do.')}
      </PermissionNotice>
      {/* Its own Save: the Project card above has "Save changes". */}
      <DraftForm draft={d} editable={editable} submitLabel={t('Save assistant settings')} className="max-w-2xl">
        <div className="space-y-1">
          <Switch
            className="text-left"
            label={t('Allow assistants to make changes (MCP write tools)')}
            showLabel
            checked={d.value.mcpWrites}
            onChange={(mcpWrites) => d.set({ mcpWrites })}
          />
          <p className="text-xs text-slate-500">
            <Trans
              i18nKey="On: assistants connected through the MCP server (<code>{endpoint}</code> with the secret key) can add or update contacts, send one email at a time, track events and create campaign drafts. Off: they can only read. More in {docs}."
              values={{ endpoint: 'POST /mcp', docs: 'docs/mcp.md' }}
              components={{ code: <code className="font-mono text-xs" /> }}
            />
          </p>
          {d.error('mcpWrites') && <p className="text-xs text-red-600">{d.error('mcpWrites')}</p>}
        </div>
      </DraftForm>
    </Card>
  );
}
