import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AppLayout } from './AppLayout';
import { installNotificationHygiene, NOTIFICATION_LIMIT } from './notificationHygiene';
import { createQueryClient } from './queryClient';
import { RouteView } from './RouteView';
import { cssVariablesResolver, theme } from './theme';
import { useUiStore } from './uiStore';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const colorScheme = useUiStore((s) => s.colorScheme);
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
