import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../api/client';
import { operatorKeys } from '../queries';
import type { ApiKeyInfo, CreatedApiKey, NewApiKeyInput } from '../types';

export function useCreateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewApiKeyInput) => adminApi<CreatedApiKey>('POST', '/keys', { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorKeys.apiKeys }),
  });
}

export function useRevokeKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi<ApiKeyInfo>('POST', `/keys/${id}/revoke`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorKeys.apiKeys }),
  });
}
