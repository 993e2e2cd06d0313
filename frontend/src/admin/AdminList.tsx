import type { ReactElement, ReactNode } from 'react';
import { Datagrid, List, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { EmptyList } from './EmptyList';
import { useFormatInstant } from '../lib/time';

export interface AdminListProps {
  title: string;
  filters: ReactElement[];
  /** Said when the resource has no rows at all ("No users yet."). */
  emptyText: string;
  /** Said when the filters match no row ("No users match these filters."). */
  noMatchText: string;
  /** The phone layout (below `md`): a SimpleList, handed the no-match state to show as its `empty`. */
  small: (noMatch: ReactElement) => ReactElement;
  /** What a click on a desktop row does; nothing by default (the row's own buttons act). */
  rowClick?: 'show' | false;
  /** The desktop layout: the Datagrid's columns. */
  children: ReactNode;
}

/**
 * The console's list page, written once: newest first, 25 a page, no export, the resource's filters, an empty state
 * for "none yet" and one for "none match", a SimpleList on a phone and a Datagrid on a desktop.
 */
export function AdminList({ title, filters, emptyText, noMatchText, small, rowClick = false, children }: AdminListProps) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const noMatch = <EmptyList text={noMatchText} />;
  return (
    <List exporter={false} filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} empty={<EmptyList text={emptyText} />} title={title}>
      {phone ? (
        small(noMatch)
      ) : (
        <Datagrid rowClick={rowClick} bulkActionButtons={false} empty={noMatch}>
          {children}
        </Datagrid>
      )}
    </List>
  );
}

/** A Datagrid column: the row's creation time, in the display zone with its name, on one line (sortable by `createdAt`). */
export function CreatedAtField(_props: { source: 'createdAt'; label: string }) {
  const record = useRecordContext<{ id: string; createdAt: string }>();
  const when = useFormatInstant();
  if (!record) return null;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {when(record.createdAt)}
    </Box>
  );
}
