import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Message } from '../../api/types';

/** POST /api/auth/forgot-password: the same answer whether the account exists or not. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post<Message>('/auth/forgot-password', { email: email.trim().toLowerCase() }),
  });
}

export interface ResetPayload {
  token: string;
  password: string;
  confirmPassword: string;
}

/** POST /api/auth/reset-password: a new password with the e-mailed one-hour, single-use token. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPayload) => api.post<Message>('/auth/reset-password', body, { redirectOnAuthFailure: false }),
  });
}
