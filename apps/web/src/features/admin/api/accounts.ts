import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserAction, PasswordLink, SignUpPolicy } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

export const accountKeys = {
  users: ['admin', 'users'] as const,
  signUp: ['admin', 'settings', 'sign-up'] as const,
};

/** GET /api/admin/users: the domain's users with their sign-in state, pending first. */
export const usersQuery = () =>
  queryOptions({
    queryKey: accountKeys.users,
    queryFn: () => api.get<AdminUser[]>('/admin/users'),
    retry: false,
  });
export const useAdminUsers = () => useQuery(usersQuery());

export type UserAction = 'approve' | 'reject' | 'unlock';

/** POST /api/admin/users/{id}/{approve|reject|unlock}; the answer replaces that user in the list. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) =>
      api.post<AdminUserAction>(`/admin/users/${encodeURIComponent(id)}/${action}`, {}),
    onSuccess: (answer) =>
      queryClient.setQueryData<AdminUser[]>(accountKeys.users, (list) =>
        list?.map((u) => (u._id === answer.user._id ? answer.user : u)),
      ),
  });
}

/**
 * POST /api/admin/users/{id}/password-link: a one-time set-password link (full URL, shown once);
 * it answers the user's 'Forgot password' request, so the list is read again.
 */
export function usePasswordLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<PasswordLink>(`/admin/users/${encodeURIComponent(id)}/password-link`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.users }),
  });
}

/** GET and PUT /api/admin/settings/sign-up: the domain's sign-up setting. */
export const signUpPolicyQuery = () =>
  queryOptions({
    queryKey: accountKeys.signUp,
    queryFn: () => api.get<SignUpPolicy>('/admin/settings/sign-up'),
    retry: false,
  });
export const useSignUpPolicy = () => useQuery(signUpPolicyQuery());

export function useSaveSignUpPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: SignUpPolicy) => api.put<SignUpPolicy>('/admin/settings/sign-up', policy),
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.signUp, saved),
  });
}
