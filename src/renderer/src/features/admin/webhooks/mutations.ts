import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, data } from '../../../api/client';
import { adminKeys } from '../queries';
import type { WebhookEndpoint } from '../types';

function useRefreshEndpoints() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.webhooks });
}

export function useAddWebhook() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: (body: { url: string; events: string[]; description?: string }) => data(adminApi().POST('/webhooks', { body })),
    onSettled: refresh,
  });
}

export function useUpdateWebhook() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: Partial<Pick<WebhookEndpoint, 'url' | 'events' | 'description' | 'active'>> }) =>
      data(adminApi().PATCH('/webhooks/{id}', { params: { path: { id } }, body: patch })),
    onSettled: refresh,
  });
}

export function useDeleteWebhook() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: (id: number) => data(adminApi().DELETE('/webhooks/{id}', { params: { path: { id } } })),
    onSettled: refresh,
  });
}

/**
 * POST /webhooks/:id/test: one signed webhook.test event now; the answer says what the endpoint replied,
 * and the attempt joins the endpoint's delivery history, so its deliveries are fetched again.
 */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => data(adminApi().POST('/webhooks/{id}/test', { params: { path: { id } } })),
    onSettled: (_result, _error, id) => queryClient.invalidateQueries({ queryKey: adminKeys.deliveriesOf(id) }),
  });
}
