import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { meQueryKey, type User } from '../../auth/api';

export interface ProfileInput {
  email: string;
  firstName: string;
  lastName: string;
}

export interface PasswordInput {
  currentPassword: string;
  newPassword: string;
}

export const profileApi = {
  update: (body: ProfileInput) => apiFetch<User>('/api/profile', { method: 'PUT', body }),
  changePassword: (body: PasswordInput) =>
    apiFetch<{ ok: boolean; message?: string }>('/api/profile/password', { method: 'PUT', body }),
};

/** The profile is the signed-in user (GET /api/me); an update writes the answer back into it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileApi.update,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: profileApi.changePassword });
}
