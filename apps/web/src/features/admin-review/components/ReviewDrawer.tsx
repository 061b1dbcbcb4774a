import type { ReactNode } from 'react';
import { Drawer, Spin } from 'antd';
import type { Remote } from '../../../lib/useRemote.ts';

/** The shell of a review drawer (applications, certifications): the record once loaded, its load error, else a spinner. */
/** What the page gives a review drawer: the record shown (null: closed), closing, and "a decision was made". */
export interface ReviewDrawerProps {
  id: number | null;
  onClose: () => void;
  onDone: () => void;
}

export function ReviewDrawer<T>({
  title,
  open,
  size,
  remote,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  size: number;
  remote: Pick<Remote<T>, 'data' | 'error'>;
  onClose: () => void;
  children: (record: T) => ReactNode;
}) {
  return (
    <Drawer title={title} open={open} onClose={onClose} size={size} destroyOnHidden>
      {remote.error ? <p role="alert">{remote.error}</p> : !remote.data ? <Spin /> : children(remote.data)}
    </Drawer>
  );
}
