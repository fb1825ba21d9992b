import { Alert, Box, Text } from '@mantine/core';
import { useT } from '../shared/i18n';
import type { ServiceBanner } from './serviceStatus';
import { serviceStatusMessages, type ServiceStatusKey } from './serviceStatusMessages';
import { useServiceStatus } from './useServiceStatus';

type T = (key: ServiceStatusKey, vars?: Record<string, string>) => string;

/**
 * Above every page: what happened to the service and what to do. Progress (restarting, retrying, back)
 * goes into a polite live region that is always mounted, so its changes are announced; a failure that
 * needs the person to act is an alert.
 */
export function ServiceStatusBanner() {
  const t = useT(serviceStatusMessages);
  const banner = useServiceStatus();
  // Sticky under the header: it stays in view on a long page while it matters.
  return (
    <Box pos="sticky" top="calc(var(--app-shell-header-height, 56px) + var(--mantine-spacing-xs))" style={{ zIndex: 10 }}>
      <div role="status" aria-label={t('region')}>
        {banner.kind === 'failed' || banner.kind === 'session-ended' || banner.kind === 'none' ? null : <Progress banner={banner} t={t} />}
      </div>
      {banner.kind === 'failed' && (
        <Alert role="alert" color="red" variant="filled" title={t('failedTitle')} mb="md">
          <Text size="sm">{t('failedBody')}</Text>
          <Details detail={banner.detail} t={t} />
        </Alert>
      )}
      {banner.kind === 'session-ended' && (
        <Alert role="alert" color="red" variant="filled" title={t('sessionTitle')} mb="md">
          <Text size="sm">{t('sessionBody')}</Text>
        </Alert>
      )}
    </Box>
  );
}

/** What the back banner says, by what the service came back from. */
const BACK_KEY = { restart: 'back', lost: 'reconnected', session: 'sessionBack' } as const satisfies Record<string, ServiceStatusKey>;

function Progress({ banner, t }: { banner: Exclude<ServiceBanner, { kind: 'failed' } | { kind: 'session-ended' } | { kind: 'none' }>; t: T }) {
  // role="none": the surrounding live region speaks for it (Mantine's Alert is an alert by default).
  switch (banner.kind) {
    case 'restarting':
      return (
        <Alert role="none" color="yellow" title={t('restartingTitle')} mb="md">
          <Text size="sm">{t('restartingBody')}</Text>
          <Details detail={banner.detail} t={t} />
        </Alert>
      );
    case 'lost':
      return (
        <Alert role="none" color="yellow" title={t('lostTitle')} mb="md">
          <Text size="sm">{t('lostBody')}</Text>
        </Alert>
      );
    case 'back':
      return <Alert role="none" color="green" title={t(BACK_KEY[banner.after])} mb="md" />;
  }
}

/** main's own words (with the exit code), in English: for a bug report, not for reading. */
function Details({ detail, t }: { detail: string; t: T }) {
  return detail ? (
    <Text size="xs" mt={4} opacity={0.8}>
      {t('detail', { detail })}
    </Text>
  ) : null;
}
