import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, data } from '../../../api/client';
import { adminKeys } from '../queries';
import type { NewApiKeyInput } from '../types';

export function useCreateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewApiKeyInput) => data(adminApi().POST('/keys', { body: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys }),
  });
}

export function useRevokeKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => data(adminApi().POST('/keys/{id}/revoke', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys }),
  });
}
