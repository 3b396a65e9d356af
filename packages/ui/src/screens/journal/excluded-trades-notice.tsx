import { formatCount } from '@bahi/trading';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { cn } from '../../lib/utils';

export interface ExcludedTradesNoticeProps {
  /** Sales without a cost basis among the trades behind the figures. */
  count: number;
  /** Where the trader gives their cost (the trades list); no link without it. */
  href?: string;
  /** Classes for the notice. */
  className?: string;
}

/** Says that figures leave out sales without a cost basis; nothing when there are none. */
export function ExcludedTradesNotice({ count, href, className }: ExcludedTradesNoticeProps) {
  if (count <= 0) return null;
  return (
    <Alert variant="warning" data-slot="excluded-trades-notice" className={cn('py-3', className)}>
      {count === 1
        ? '1 sale without a cost basis is left out of these figures.'
        : `${formatCount(count)} sales without a cost basis are left out of these figures.`}{' '}
      {href ? (
        <Link to={href} className="font-medium text-foreground underline underline-offset-4">
          {count === 1 ? 'Give its cost' : 'Give their cost'}
        </Link>
      ) : null}
    </Alert>
  );
}
