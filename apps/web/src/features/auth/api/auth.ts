import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  PasswordLinkCheck,
  SetPasswordRequest,
  SignInRequest,
  SignInResponse,
  SignUpPolicy,
  SignUpRequest,
  SignUpResponse,
  SupplierApprovalResponse,
  SupplierRegistration,
  SupplierRegistrationRequest,
  SupplierRegistrationResponse,
} from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

export const signIn = (body: SignInRequest) => api.post<SignInResponse>('/auth/signin', body);
export const signUp = (body: SignUpRequest) => api.post<SignUpResponse>('/auth/signup', body);

/** GET /api/auth/signup-policy (public): whether and how the domain admits sign-ups. */
export const signUpPolicyQuery = (domain: string | undefined) =>
  queryOptions({
    queryKey: ['auth', 'signup-policy', domain ?? null],
    queryFn: () => api.get<SignUpPolicy>('/auth/signup-policy', { query: { domain } }),
    retry: false,
  });
export const useSignUpPolicy = (domain: string | undefined) => useQuery(signUpPolicyQuery(domain));
export const setPassword = (id: string, body: SetPasswordRequest) =>
  api.post<{ message: string }>(`/auth/set-password/${encodeURIComponent(id)}`, body);
/** POST /api/auth/forgot-password (public): the same answer for every address. */
export const forgotPassword = (body: ForgotPasswordRequest) =>
  api.post<ForgotPasswordResponse>('/auth/forgot-password', body);

/** GET /api/auth/set-password/{id} (public): whether the link may still set a password. */
export const passwordLinkQuery = (id: string) =>
  queryOptions({
    queryKey: ['auth', 'password-link', id],
    queryFn: () => api.get<PasswordLinkCheck>(`/auth/set-password/${encodeURIComponent(id)}`),
    // a used or expired link stays so: asking again only repeats the answer
    retry: false,
    staleTime: Infinity,
  });
export const usePasswordLink = (id: string) => useQuery(passwordLinkQuery(id));
export const registerSupplier = (body: SupplierRegistrationRequest) =>
  api.post<SupplierRegistrationResponse>('/auth/supplier-registration', body);
export const approveRegistration = (id: string) =>
  api.post<SupplierApprovalResponse>(`/auth/supplier-registrations/${encodeURIComponent(id)}/approve`, {});

export const rejectRegistration = (id: string) =>
  api.post<{ message: string }>(`/auth/supplier-registrations/${encodeURIComponent(id)}/reject`, {});

export const registrationsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'supplier-registrations'],
    queryFn: () => api.get<SupplierRegistration[]>('/auth/supplier-registrations'),
  });
export const useRegistrations = () => useQuery(registrationsQuery());
