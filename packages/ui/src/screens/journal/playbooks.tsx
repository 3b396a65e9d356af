import { BookOpen, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/card';
import { Money } from '../../components/money';
import type { AreaCallbacks } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';

// Playbooks

export interface PlaybookSummary {
  id: string;
  name: string;
  description: string;
  trades: number;
  winRate: number;
  netPnl: number;
}

export function PlaybooksScreen({
  status,
  playbooks = [],
  ...cb
}: { status: AreaStatus; playbooks?: PlaybookSummary[] } & AreaCallbacks) {
  const create = (
    <Link to="/playbook/create" className={buttonVariants()}>
      <Plus aria-hidden="true" /> New playbook
    </Link>
  );
  return (
    <AreaPage
      title="Playbooks"
      description="Your setups, their rules, and whether they pay."
      status={status}
      skeleton="cards"
      actions={create}
      empty={{
        icon: <BookOpen />,
        title: 'No playbooks yet',
        description:
          'Write down a setup you trade (say, the 15-minute opening range breakout) with its entry, stop and checklist.',
        action: create,
      }}
      {...cb}
    >
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {playbooks.map((p) => (
          <li key={p.id}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle asChild>
                  <h2>{p.name}</h2>
                </CardTitle>
                <CardDescription>{p.description}</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <span>{p.trades} trades</span>
                <span>{Math.round(p.winRate * 100)}% wins</span>
                <Money value={p.netPnl} signed abbreviate />
              </CardContent>
              <CardFooter className="mt-auto">
                <Link
                  to={`/playbook/edit/${p.id}`}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  aria-label={`Edit ${p.name}`}
                >
                  Edit
                </Link>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </AreaPage>
  );
}
