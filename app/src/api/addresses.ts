import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { addressKeys } from './queryKeys';
import type { PostalAddress, SavedAddress } from './types';

/** A saved address as the forms edit it (the server gives it an id). */
export type AddressDraft = Omit<SavedAddress, 'id'>;

/** A blank postal address (the address book's and the checkout's forms start from it). */
export const emptyPostal = (country = ''): PostalAddress => ({ firstName: '', lastName: '', address: '', city: '', state: '', zipCode: '', country });

export const emptyAddress = (country = ''): AddressDraft => ({ label: '', ...emptyPostal(country), phone: '', isDefault: false });

/** The address book, the default first. */
export const addressesQuery = (enabled = true) =>
  queryOptions({ queryKey: addressKeys.all, queryFn: () => api.get<SavedAddress[]>('/auth/addresses'), enabled });

/**
 * Saves an address (new without an id). The server may move the default (a new default, the
 * first address), so the book is refetched rather than patched.
 */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AddressDraft & { id?: string }) =>
      id ? api.put<SavedAddress>(`/auth/addresses/${id}`, body) : api.post<SavedAddress>('/auth/addresses', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

/** Deletes an address; the server hands the default on, so the book is refetched. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del(`/auth/addresses/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
