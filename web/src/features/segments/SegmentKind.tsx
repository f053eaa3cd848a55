/** A segment's kind as a badge: dynamic (a filter) or static (a list). */
import { Filter, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Layout.tsx';

export function SegmentKind({ type }: { type: 'DYNAMIC' | 'STATIC' }) {
  const { t } = useTranslation();
  return type === 'DYNAMIC' ? (
    <Badge tone="brand">
      <Filter className="mr-1 size-3" aria-hidden />
      {t('Dynamic')}
    </Badge>
  ) : (
    <Badge>
      <ListChecks className="mr-1 size-3" aria-hidden />
      {t('Static')}
    </Badge>
  );
}
