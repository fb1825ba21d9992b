import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { AppLayout } from './AppLayout';
import { installNotificationHygiene, NOTIFICATION_LIMIT } from './notificationHygiene';
import { createQueryClient } from './queryClient';
import { RouteView } from './RouteView';
import { useT } from '../shared/i18n';
import { appMessages } from './appMessages';
import { cssVariablesResolver, themeWithLabels } from './theme';
import { useUiStore } from './uiStore';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const colorScheme = useUiStore((s) => s.colorScheme);
  const close = useT(appMessages)('close');
  const theme = useMemo(() => themeWithLabels({ close }), [close]);
  useEffect(installNotificationHygiene, []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={colorScheme}>
      <Notifications position="bottom-right" limit={NOTIFICATION_LIMIT} />
      <QueryClientProvider client={queryClient}>
        <AppLayout>
          <RouteView />
        </AppLayout>
      </QueryClientProvider>
    </MantineProvider>
  );
}
