import type { Rate, Stat } from '@bahi/trading';
import { Archive, ArchiveRestore, BookOpen, ListChecks, Pencil, Plus } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { Button, buttonVariants } from '../../components/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/card';
import { Money } from '../../components/money';
import { ScrollRegion } from '../../components/scroll-region';
import type { AreaCallbacks } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';

// Playbooks: one card per setup with its statistics (each with its sample size) and rule adherence.

/** How a set of closed trades performed; every figure carries the number of trades it is out of. */
export interface PlaybookPerformance {
  trades: number;
  winRate: Rate;
  netPnl: Stat;
  expectancy: Stat;
}

export interface PlaybookSummary {
  id: string;
  name: string;
  description: string | null;
  markets: string[];
  timeframes: string[];
  rules: number;
  isArchived: boolean;
  /** Closed trades of this playbook (open ones are not yet a result). */
  stats: PlaybookPerformance & { profitFactor: Stat; openTrades: number };
  adherence: {
    /** Rule checks ticked on this playbook's trades, and how many were followed. */
    checks: number;
    followed: number;
    /** Closed trades that followed every checked rule, and those that broke at least one. */
    followedAll: PlaybookPerformance;
    brokeARule: PlaybookPerformance;
    /** The rule broken most often, if any was broken. */
    mostBroken: { text: string; broken: number; checks: number } | null;
  };
}

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)}%`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function profitFactor(s: PlaybookSummary['stats']) {
  if (s.profitFactor.value !== null) return s.profitFactor.value.toFixed(2);
  return s.winRate.count > 0 ? '∞' : '—';
}

/** One labelled figure with its sample size underneath. */
function Figure({ label, value, sample }: { label: string; value: React.ReactNode; sample: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
      <dd className="text-muted-foreground text-xs">{sample}</dd>
    </div>
  );
}

function Comparison({ label, p }: { label: string; p: PlaybookPerformance }) {
  return (
    <tr className="border-t">
      <th scope="row" className="py-1.5 pr-2 text-left font-normal">
        {label}
      </th>
      <td className="px-2 text-right tabular-nums">{p.trades}</td>
      <td className="px-2 text-right tabular-nums">
        {pct(p.winRate.value)}
        {p.trades ? (
          <span className="sr-only">
            {' '}
            ({p.winRate.count} of {p.winRate.n})
          </span>
        ) : null}
      </td>
      <td className="pl-2 text-right">{p.netPnl.value === null ? '—' : <Money value={p.netPnl.value} signed />}</td>
    </tr>
  );
}

function PlaybookCard({
  p,
  onArchive,
  busy,
}: {
  p: PlaybookSummary;
  onArchive?: (id: string, archived: boolean) => void;
  busy: boolean;
}) {
  const s = p.stats;
  const a = p.adherence;
  const titleId = `playbook-${p.id}`;
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle asChild>
          <h3 id={titleId}>{p.name}</h3>
        </CardTitle>
        {p.description ? <CardDescription>{p.description}</CardDescription> : null}
        <div className="flex flex-wrap gap-1 pt-1">
          {p.markets.map((m) => (
            <Badge key={`m-${m}`} variant="secondary">
              {m}
            </Badge>
          ))}
          {p.timeframes.map((t) => (
            <Badge key={`t-${t}`} variant="outline">
              {t}
            </Badge>
          ))}
          <Badge variant="outline">
            <ListChecks aria-hidden="true" className="size-3" /> {plural(p.rules, 'rule')}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {s.trades === 0 ? (
          <p className="text-muted-foreground">
            No closed trades yet{s.openTrades ? ` (${plural(s.openTrades, 'open trade')})` : ''}. Pick this playbook
            when you log a trade to see how it performs.
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure label="Trades" value={s.trades} sample={s.openTrades ? `+ ${s.openTrades} open` : 'closed'} />
            <Figure label="Win rate" value={pct(s.winRate.value)} sample={`${s.winRate.count} of ${s.winRate.n} won`} />
            <Figure label="Profit factor" value={profitFactor(s)} sample={plural(s.profitFactor.n, 'trade')} />
            <Figure
              label="Expectancy"
              value={s.expectancy.value === null ? '—' : <Money value={s.expectancy.value} signed />}
              sample={`per trade, ${plural(s.expectancy.n, 'trade')}`}
            />
            <Figure
              label="Net P&L"
              value={s.netPnl.value === null ? '—' : <Money value={s.netPnl.value} signed />}
              sample={`after charges, ${plural(s.netPnl.n, 'trade')}`}
            />
          </dl>
        )}
        <section aria-label={`Rule adherence for ${p.name}`} className="grid gap-2 rounded-lg bg-muted/50 p-3">
          <h4 className="font-medium">Rule adherence</h4>
          {a.checks === 0 ? (
            <p className="text-muted-foreground">No rule checks yet: tick the checklist when you log a trade.</p>
          ) : (
            <>
              <p>
                <span className="font-semibold tabular-nums">{pct(a.followed / a.checks)}</span> of rules followed{' '}
                <span className="text-muted-foreground">
                  ({a.followed} of {plural(a.checks, 'rule check')})
                </span>
              </p>
              {a.followedAll.trades + a.brokeARule.trades > 0 ? (
                // Sums in lakhs make the table wider than a phone's card: then it scrolls, not the page.
                <ScrollRegion label={`${p.name}: rules followed against broken`} className="rounded-none border-0">
                  <table className="w-full text-sm">
                    <caption className="sr-only">Trades that followed every rule against trades that broke one</caption>
                    <thead className="text-muted-foreground text-xs">
                      <tr>
                        <th scope="col" className="text-left font-normal">
                          Closed trades
                        </th>
                        <th scope="col" className="px-2 text-right font-normal">
                          Trades
                        </th>
                        <th scope="col" className="px-2 text-right font-normal">
                          Win rate
                        </th>
                        <th scope="col" className="pl-2 text-right font-normal">
                          Net P&L
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      <Comparison label="Followed every rule" p={a.followedAll} />
                      <Comparison label="Broke a rule" p={a.brokeARule} />
                    </tbody>
                  </table>
                </ScrollRegion>
              ) : null}
              {a.mostBroken ? (
                <p className="text-muted-foreground">
                  Most often broken: “{a.mostBroken.text}” ({a.mostBroken.broken} of {a.mostBroken.checks})
                </p>
              ) : null}
            </>
          )}
        </section>
      </CardContent>
      <CardFooter className="mt-auto flex-wrap gap-2">
        <Link
          to={`/playbook/edit/${p.id}`}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          aria-label={`Edit ${p.name}`}
        >
          <Pencil aria-hidden="true" /> Edit
        </Link>
        <Link
          to={`/trades?playbook=${encodeURIComponent(p.id)}`}
          className={buttonVariants({ variant: 'ghost', size: 'sm' })}
          aria-label={`Trades of ${p.name}`}
        >
          Trades
        </Link>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          disabled={busy}
          aria-label={`${p.isArchived ? 'Restore' : 'Archive'} ${p.name}`}
          onClick={() => onArchive?.(p.id, !p.isArchived)}
        >
          {p.isArchived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
          {p.isArchived ? 'Restore' : 'Archive'}
        </Button>
      </CardFooter>
    </Card>
  );
}

export interface PlaybooksScreenProps extends AreaCallbacks {
  /** Which of loading, empty, error and the playbooks shows. */
  status: AreaStatus;
  /** Each playbook with its trades and results. */
  playbooks?: PlaybookSummary[];
  /** Archive (true) or restore (false) a playbook. */
  onArchive?: (id: string, archived: boolean) => void;
  /** A playbook whose archive change is being saved. */
  busyId?: string;
}

export function PlaybooksScreen({ status, playbooks = [], onArchive, busyId, ...cb }: PlaybooksScreenProps) {
  const create = (
    <Link to="/playbook/create" className={buttonVariants()}>
      <Plus aria-hidden="true" /> New playbook
    </Link>
  );
  const active = playbooks.filter((p) => !p.isArchived);
  const archived = playbooks.filter((p) => p.isArchived);
  const grid = (list: PlaybookSummary[]) => (
    <ul className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
      {list.map((p) => (
        <li key={p.id}>
          <PlaybookCard p={p} onArchive={onArchive} busy={busyId === p.id} />
        </li>
      ))}
    </ul>
  );
  return (
    <AreaPage
      title="Playbooks"
      description="Your setups, their rules, whether you follow them, and whether they pay."
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
      <section aria-labelledby="playbooks-active" className="grid gap-3">
        <h2 id="playbooks-active" className="font-semibold text-lg">
          Active <span className="text-muted-foreground">({active.length})</span>
        </h2>
        {active.length ? (
          grid(active)
        ) : (
          <p className="text-muted-foreground text-sm">Every playbook is archived. Restore one or write a new one.</p>
        )}
      </section>
      {archived.length ? (
        <section aria-labelledby="playbooks-archived" className="grid gap-3">
          <h2 id="playbooks-archived" className="font-semibold text-lg">
            Archived <span className="text-muted-foreground">({archived.length})</span>
          </h2>
          <p className="text-muted-foreground text-sm">
            Archived playbooks keep their trades and statistics but are no longer offered on new trades.
          </p>
          {grid(archived)}
        </section>
      ) : null}
    </AreaPage>
  );
}
