import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { api } from '../../../lib/api';

/** A release that changed zones the account used: the zones, its keys pinned to older releases, when it came and was dismissed. */
export type ChangeNotice = Models['ChangeNoticeResponse'];
export type NoticeZone = Models['NoticeZoneResponse'];

/** Both lists under one prefix: a dismissal refreshes the banner and the history. */
export const changeNoticesQueryKey = ['change-notices'] as const;
const openKey = [...changeNoticesQueryKey, 'open'] as const;
const historyKey = [...changeNoticesQueryKey, 'history'] as const;

/** The notices not dismissed yet, newest first (the account area's banner); `enabled`: the member may read them. */
export function useOpenNotices(enabled = true) {
  return useQuery({
    queryKey: openKey,
    queryFn: async () => (await api.get('/api/change-notices')).notices,
    // A role without notices.read (billing) is not asked: the server would refuse it.
    enabled,
  });
}

/** Every notice of the account, dismissed ones too, newest first (the Notices page). */
export function useNoticeHistory() {
  return useQuery({
    queryKey: historyKey,
    queryFn: async () => (await api.get('/api/change-notices/history')).notices,
  });
}

export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/api/change-notices/{id}/dismiss', { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changeNoticesQueryKey }),
  });
}
