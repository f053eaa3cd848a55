/**
 * One variant of the campaign's A/B test: its name, what it changes of the campaign's subject and
 * sender (an empty field keeps the campaign's), and its content: the campaign's, its own (HTML, MJML
 * or the visual editor, as the campaign's content is written), or a template's (its subject too).
 */
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useMe } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { RadioGroup } from '../../components/RadioGroup.tsx';
import { ContentEditor, FormatPicker } from '../../editor/ContentEditor.tsx';
import { starterContent } from '../../editor/formats.ts';
import { documentProblems } from '../../editor/problems.ts';
import { msg } from '../../i18n/msg.ts';
import { useProject } from '../../lib/project-context.tsx';
import { templateQueries } from '../../queries/templates.ts';
import { exactError, type VariantContent, type VariantDraft } from './ab-test-model.ts';
import { type CampaignDraft, STARTER_BODY } from './use-campaign-draft.ts';

const CONTENTS = [
  { value: 'SAME', label: msg('Same as the campaign') },
  { value: 'OWN', label: msg('Its own content') },
  { value: 'TEMPLATE', label: msg('A template') },
] as const;

const NO_SAMPLE: Record<string, unknown> = {};

export function VariantFields({
  index,
  variant: v,
  d,
  onChange,
  onRemove,
}: {
  index: number;
  variant: VariantDraft;
  d: CampaignDraft;
  onChange: (patch: Partial<VariantDraft>) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const templates = useQuery(templateQueries.picker(useProject()));
  const campaign = d.value;
  const path = `variants[${index}]`;
  /** The API's (or the check's) message for one of the variant's fields, until that field changes. */
  const error = (field: keyof VariantDraft) => d.error(`${path}.${field}`, `abTest.${path}.${field}`);
  const refusal = d.refusal;
  const problems = useMemo(
    () =>
      v.document && refusal instanceof ApiError ? documentProblems(v.document, refusal.errors, `${path}.document`) : [],
    [v.document, refusal, path],
  );

  // Its own content starts as a copy of the campaign's, to change what the test is about.
  const chooseContent = (content: VariantContent) =>
    onChange(
      content === 'OWN' && v.content !== 'OWN' && !v.body && !v.document
        ? {
            content,
            format: campaign.format,
            body: campaign.format === 'BLOCKS' ? '' : campaign.body,
            document: campaign.document,
          }
        : { content },
    );
  const choices = templates.data?.templates ?? [];
  const known = !v.templateId || choices.some((t) => t.id === v.templateId);

  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('Variant {n}', { n: index + 1 })}</legend>
      {exactError(refusal, path) && <p className="text-sm text-red-600">{exactError(refusal, path)}</p>}
      <div className="grid gap-4 md:grid-cols-2">
        <TextInput
          label={t('Variant name')}
          maxLength={60}
          value={v.name}
          onChange={(e) => onChange({ name: e.target.value })}
          error={error('name')}
          hint={t('Shown in the results and the email log.')}
        />
        {v.content === 'TEMPLATE' ? (
          <p className="self-end pb-2 text-sm text-slate-600">{t('The subject comes from the template.')}</p>
        ) : (
          <TextInput
            label={t('Variant subject')}
            maxLength={998}
            value={v.subject}
            placeholder={campaign.subject}
            onChange={(e) => onChange({ subject: e.target.value.replace(/[\r\n]/g, ' ') })}
            error={error('subject')}
            hint={t('Empty: the campaign’s subject.')}
          />
        )}
        <TextInput
          label={t('Variant from address')}
          type="email"
          value={v.from}
          placeholder={campaign.from}
          onChange={(e) => onChange({ from: e.target.value })}
          error={error('from')}
          hint={t('Empty: the campaign’s sender.')}
        />
        <TextInput
          label={t('Variant from name')}
          maxLength={200}
          value={v.fromName}
          placeholder={campaign.fromName}
          onChange={(e) => onChange({ fromName: e.target.value })}
          error={error('fromName')}
        />
      </div>
      <RadioGroup<VariantContent>
        legend={t('Content')}
        name={`variant-${index}-content`}
        value={v.content}
        options={CONTENTS.map((o) => ({ ...o, label: t(o.label) }))}
        onChange={chooseContent}
      />
      {v.content === 'TEMPLATE' && (
        <Select
          label={t('Template')}
          value={v.templateId}
          onChange={(e) => onChange({ templateId: e.target.value })}
          error={error('templateId') ?? (templates.isError ? t('The templates could not be loaded.') : undefined)}
          hint={t('Its subject and content, as last saved, go out as this variant.')}
        >
          <option value="">{t('Choose a template…')}</option>
          {!known && <option value={v.templateId}>{t('A template no longer listed')}</option>}
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </Select>
      )}
      {v.content === 'OWN' && (
        <div className="space-y-4">
          <FormatPicker
            name={`variant-${index}-format`}
            legend={t('Format of this variant')}
            value={v.format}
            onChange={(format) => onChange({ format, ...starterContent(format, STARTER_BODY) })}
          />
          <ContentEditor
            content={{
              format: v.format,
              subject: v.subject || campaign.subject,
              body: v.body,
              document: v.document,
              from: v.from || campaign.from,
              fromName: v.fromName || campaign.fromName,
              type: campaign.emailType,
            }}
            onChange={(patch) => onChange(patch)}
            bodyError={error('body')}
            problems={problems}
            sample={NO_SAMPLE}
            email={me.data?.email ?? 'jane@example.com'}
            height={420}
          />
        </div>
      )}
      {onRemove && (
        <div className="flex justify-end">
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            icon={<Trash2 className="size-4" aria-hidden />}
            onClick={onRemove}
          >
            {t('Remove variant {n}', { n: index + 1 })}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
