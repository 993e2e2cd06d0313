import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { api } from '../../../lib/api';
import { meQueryKey, type User } from '../../../lib/auth';

export type ProfileInput = Models['UpdateProfileDto'];
export type PasswordInput = Models['ChangePasswordDto'];

/** The answer to a profile update: a new e-mail waits in `pendingEmail` until its link is clicked. */
export type ProfileUpdateResult = User & { pendingEmail: string | null };

export interface TotpState {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** Super admins can't turn it off. */
  required: boolean;
}

export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

export type CloseAccountInput = Models['CloseAccountDto'];
export type ExportJob = Models['ExportJobView'];

export const profileApi = {
  closeAccount: (body: CloseAccountInput) => api.post('/api/me/close', { body }),
  setQuotaAlerts: (enabled: boolean) => api.put('/api/profile/quota-alerts', { body: { enabled } }),
  setDisplayZone: (displayZone: string | null) => api.put('/api/profile/display-zone', { body: { displayZone } }),
  setChangeNotices: (enabled: boolean) => api.put('/api/profile/change-notices', { body: { enabled } }),
  startExport: () => api.post('/api/me/exports'),
  exportJob: (id: string) => api.get('/api/me/exports/{id}', { params: { path: { id } } }),
  update: (body: ProfileInput) => api.put('/api/profile', { body }),
  totpState: () => api.get('/api/profile/totp'),
  totpSetup: () => api.post('/api/profile/totp/setup'),
  totpEnable: (body: { code: string }) => api.post('/api/profile/totp/enable', { body }),
  totpDisable: (body: { code: string }) => api.post('/api/profile/totp/disable', { body }),
  changePassword: (body: PasswordInput) => api.put('/api/profile/password', { body }),
};

/** The profile is the signed-in user (GET /api/me); an update writes the answer back into it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileApi.update,
    onSuccess: ({ pendingEmail: _pending, ...user }) => {
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}

export const zoneNamesQueryKey = ['profile', 'zone-names'] as const;

/**
 * The zone names the display zone is chosen from: the server's tz database in current spelling (GET /api/public/timezones,
 * unmetered), since a browser's list may lag it (Chromium's Intl names Asia/Calcutta, not Asia/Kolkata).
 */
export function useZoneNames() {
  return useQuery({
    queryKey: zoneNamesQueryKey,
    queryFn: async () => (await api.get('/api/public/timezones')).timezones.map((z) => z.timezone),
    staleTime: Infinity,
  });
}

export const totpQueryKey = ['profile', 'totp'] as const;

export function useTotpState() {
  return useQuery({ queryKey: totpQueryKey, queryFn: profileApi.totpState });
}

export function useTotpSetup() {
  return useMutation({ mutationFn: profileApi.totpSetup });
}

/** Turning two-factor on or off changes the user (totpEnabled) and the card's state. */
export function useRefreshTotp() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: totpQueryKey }), queryClient.invalidateQueries({ queryKey: meQueryKey })]);
}

/** Enabling answers the recovery codes; the caller refreshes (useRefreshTotp) once they have been saved. */
export function useEnableTotp() {
  return useMutation({ mutationFn: profileApi.totpEnable });
}

export function useDisableTotp() {
  const refresh = useRefreshTotp();
  return useMutation({ mutationFn: profileApi.totpDisable, onSuccess: () => refresh() });
}

export function useChangePassword() {
  return useMutation({ mutationFn: profileApi.changePassword });
}

/** Closing signs the browser out: everything cached about the account is dropped. */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileApi.closeAccount,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}

export function useQuotaAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileApi.setQuotaAlerts,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}

/** The account's display zone (null: the browser's); the answer is the signed-in user, written back into GET /api/me. */
export function useDisplayZoneSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileApi.setDisplayZone,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}

export function useChangeNoticeMails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileApi.setChangeNotices,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}

export const exportJobQueryKey = (id: string | null) => ['profile', 'export', id] as const;

export function useStartExport() {
  return useMutation({ mutationFn: profileApi.startExport });
}

/** Polls an export job every second while it is being built. */
export function useExportJob(id: string | null) {
  return useQuery({
    queryKey: exportJobQueryKey(id),
    queryFn: () => profileApi.exportJob(id!),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });
}
