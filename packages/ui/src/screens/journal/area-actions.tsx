import { FileUp, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/button';

export interface AreaCallbacks {
  onReload?: () => void;
  onRetry?: () => void;
  errorDetail?: string;
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
