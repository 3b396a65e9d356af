import { FileUp, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/button';

/** What every journal area takes besides its data: 'Try again' when it did not load, and a notice above the content. */
export interface AreaCallbacks {
  /** 'Try again' when the data did not load: read it again. */
  onRetry?: () => void;
  /** Why the data did not load, shown under the error. */
  errorDetail?: string;
  /** Shown above the area's content, e.g. that sales without a cost basis are left out (ExcludedTradesNotice). */
  notice?: ReactNode;
}

export const addTrade = (
  <Link to="/trade-form" className={buttonVariants()}>
    <Plus aria-hidden="true" /> Add trade
  </Link>
);
export const importTrades = (
  <Link to="/trades?import=1" className={buttonVariants({ variant: 'outline' })}>
    <FileUp aria-hidden="true" /> Import
  </Link>
);
