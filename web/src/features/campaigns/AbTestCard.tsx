/**
 * The campaign form's A/B test: off by default; on, 2–4 variants (VariantFields) and how the test
 * runs: the share of the audience it goes to, the metric that picks the winner, the wait, and whether
 * the winner is picked automatically or by hand. The API's refusals show at their fields
 * (`variants[1].subject`, `abTest.testPercent`) until that field changes.
 */
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { RadioGroup } from '../../components/RadioGroup.tsx';
import { Switch } from '../../components/Switch.tsx';
import { msg } from '../../i18n/msg.ts';
import {
  type AbDecider,
  type AbMetric,
  type AbTestDraft,
  blankVariant,
  exactError,
  MAX_VARIANTS,
  MIN_VARIANTS,
  splitSummary,
  type VariantDraft,
  type WaitUnit,
} from './ab-test-model.ts';
import type { CampaignDraft } from './use-campaign-draft.ts';
import { VariantFields } from './VariantFields.tsx';

const DECIDERS = [
  {
    value: 'AUTO',
    label: msg('Automatically'),
    hint: msg('After the wait, the variant with the best rate goes to the rest.'),
  },
  {
    value: 'MANUAL',
    label: msg('By hand'),
    hint: msg('Once the test emails are out, you choose the winner on the campaign.'),
  },
] as const;

export function AbTestCard({ d }: { d: CampaignDraft }) {
  const { t } = useTranslation();
  const ab = d.value.abTest;
  const setAb = (patch: Partial<AbTestDraft>) => d.set({ abTest: { ...ab, ...patch } });
  const setVariant = (i: number, patch: Partial<VariantDraft>) =>
    setAb({ variants: ab.variants.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  const names = ab.variants.map((v) => v.name);
  const testError = exactError(d.refusal, 'abTest') ?? exactError(d.refusal, 'variants');

  return (
    <Card title={t('A/B test')}>
      <div className="space-y-4">
        <div className="space-y-1">
          <Switch
            className="text-left"
            label={t('Test variants before sending to everyone')}
            showLabel
            checked={ab.enabled}
            onChange={(enabled) => setAb({ enabled })}
          />
          <p className="text-xs text-slate-500">
            {t(
              '2 to 4 versions with their own subject, sender or content go to a share of the audience first; the one opened or clicked most goes to the rest.',
            )}
          </p>
        </div>
        {ab.enabled && (
          <>
            {testError && (
              <Callout tone="danger" role="alert">
                <p>{testError}</p>
              </Callout>
            )}
            <div className="space-y-4">
              {ab.variants.map((v, i) => (
                <VariantFields
                  // Variants have no id of their own; their place is what the API names them by.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the index is the variant's identity here.
                  key={i}
                  index={i}
                  variant={v}
                  d={d}
                  onChange={(patch) => setVariant(i, patch)}
                  onRemove={
                    ab.variants.length > MIN_VARIANTS
                      ? () => setAb({ variants: ab.variants.filter((_, j) => j !== i) })
                      : undefined
                  }
                />
              ))}
            </div>
            {ab.variants.length < MAX_VARIANTS && (
              <Button
                variant="secondary"
                icon={<Plus className="size-4" aria-hidden />}
                onClick={() => setAb({ variants: [...ab.variants, blankVariant(names)] })}
              >
                {t('Add variant')}
              </Button>
            )}
            <TestSettings d={d} ab={ab} setAb={setAb} />
          </>
        )}
      </div>
    </Card>
  );
}

/** Test group, metric, wait and who decides. */
function TestSettings({
  d,
  ab,
  setAb,
}: {
  d: CampaignDraft;
  ab: AbTestDraft;
  setAb: (patch: Partial<AbTestDraft>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4 border-t border-slate-100 pt-4">
      <div className="grid gap-4 md:grid-cols-2">
        <TextInput
          label={t('Test group (% of the audience)')}
          inputMode="numeric"
          value={ab.testPercent}
          onChange={(e) => setAb({ testPercent: e.target.value })}
          error={d.error('abTest.testPercent')}
          hint={splitSummary(ab.testPercent, ab.variants.length) ?? t('From 5 to 50.')}
        />
        <Select
          label={t('The winner is the variant with the best')}
          value={ab.metric}
          onChange={(e) => setAb({ metric: e.target.value as AbMetric })}
          error={d.error('abTest.metric')}
        >
          <option value="OPENS">{t('Open rate')}</option>
          <option value="CLICKS">{t('Click rate')}</option>
        </Select>
      </div>
      <RadioGroup<AbDecider>
        legend={t('Who picks the winner')}
        name="ab-decided-by"
        value={ab.decidedBy}
        options={DECIDERS.map((o) => ({ ...o, label: t(o.label), hint: t(o.hint) }))}
        onChange={(decidedBy) => setAb({ decidedBy })}
      />
      {ab.decidedBy === 'AUTO' && (
        <div className="grid max-w-md grid-cols-2 gap-3">
          <TextInput
            label={t('Wait after the test')}
            inputMode="decimal"
            value={ab.waitAmount}
            onChange={(e) => setAb({ waitAmount: e.target.value })}
            error={d.error('abTest.waitMinutes', 'abTest.waitAmount')}
          />
          <Select
            label={t('Unit')}
            value={ab.waitUnit}
            onChange={(e) => setAb({ waitUnit: e.target.value as WaitUnit })}
          >
            <option value="minutes">{t('minutes')}</option>
            <option value="hours">{t('hours')}</option>
            <option value="days">{t('days')}</option>
          </Select>
          <p className="col-span-2 text-xs text-slate-500">
            {t('From 1 minute to 7 days, counted from when the last test email was handed over.')}
          </p>
        </div>
      )}
      {d.error('abTest.decidedBy') && <p className="text-xs text-red-600">{d.error('abTest.decidedBy')}</p>}
    </div>
  );
}
