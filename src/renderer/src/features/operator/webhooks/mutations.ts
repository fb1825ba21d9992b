import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../api/client';
import { operatorKeys } from '../queries';
import type { MessageResult, WebhookEndpoint } from '../types';

function useRefreshEndpoints() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: operatorKeys.webhooks });
}

export function useAddWebhook() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: (body: { url: string; events: string[]; description?: string }) => adminApi<WebhookEndpoint>('POST', '/webhooks', { body }),
    onSettled: refresh,
  });
}

export function useUpdateWebhook() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: Partial<Pick<WebhookEndpoint, 'url' | 'events' | 'description' | 'active'>> }) =>
      adminApi<WebhookEndpoint>('PATCH', `/webhooks/${id}`, { body: patch }),
    onSettled: refresh,
  });
}

export function useDeleteWebhook() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: (id: number) => adminApi<MessageResult>('DELETE', `/webhooks/${id}`),
    onSettled: refresh,
  });
}
