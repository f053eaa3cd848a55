import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerConfig } from '../../api/session.ts';
import { PageHeader } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States.tsx';

/** The outbox exists only while the server captures mail (GET /config: mailTransport "capture"). */
export function CaptureOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const config = useServerConfig();
  if (config.isPending) return <LoadingRows rows={4} label={t('Loading')} />;
  if (config.isError) return <ErrorState error={config.error} retry={() => config.refetch()} />;
  if (config.data.mailTransport !== 'capture') {
    return (
      <>
        <PageHeader title={t('Outbox')} />
        <EmptyState
          icon={<Inbox className="size-8" aria-hidden />}
          title={t('This server sends real mail')}
          description={t(
            'The outbox shows mail a server keeps instead of sending, which it does only when no mail relay is configured. Look in Activity for what was sent.',
          )}
        />
      </>
    );
  }
  return <>{children}</>;
}
