import type { TradeFilter } from '../filter/filter';
import { formatINR } from '../money/inr';
import { type Dimension, type Group, groupBy } from '../stats/group-by';
import { rDistribution } from '../stats/r-multiples';
import { summarize } from '../stats/summarize';
import type { TradeForStats } from '../stats/types';
import { INSIGHT_QUESTIONS, matchIntent } from './intent';
import { inRange, periodRange, shortDate } from './period';
import type { InsightAnswer, InsightFigure, InsightJournal, InsightLink, InsightOptions, InsightTopic } from './types';

/** Amounts as every screen shows them (the money rule in packages/ui/README.md): exact, P&L signed. */
const pnl = (rupees: number) => formatINR(rupees, { sign: 'exceptZero' });
const inr = (rupees: number) => formatINR(rupees);
const pct = (fraction: number) => `${Math.round(fraction * 100)}%`;
const trades = (n: number) => (n === 1 ? '1 trade' : `${n} trades`);
const r = (value: number) => `${value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)}R`;

interface Context {
  trades: readonly TradeForStats[];
  journal: InsightJournal;
  minSample: number;
  minGroup: number;
  /** Dates of the period the question named, added to every trades / analytics link. */
  range: TradeFilter;
  base: Pick<InsightAnswer, 'sample' | 'period'>;
}

const analytics = (c: Context): InsightLink => ({
  kind: 'analytics',
  filter: { ...c.range },
  label: 'Open in analytics',
});
const tradeLink = (t: TradeForStats): InsightLink => ({
  kind: 'trade',
  tradeId: t.id,
  label: `${t.symbol} on ${shortDate(t.exitDate)}`,
});

function groupFigure(group: Group, label: string, link?: InsightLink): InsightFigure {
  const s = group.summary;
  return {
    label,
    value: s.netPnl.value,
    unit: 'pnl',
    n: s.trades,
    winRate: s.winRate.value,
    ...(link ? { link } : {}),
  };
}

const describe = (f: InsightFigure) =>
  `${f.label}, ${pnl(f.value ?? 0)} over ${trades(f.n)} (${pct(f.winRate ?? 0)} won)`;

function noTrades(c: Context, topic: InsightTopic): InsightAnswer {
  return {
    topic,
    text: 'There are no closed trades to measure yet.',
    tooFew: true,
    figures: [],
    links: [],
    ...c.base,
  };
}

/** "Only 7 closed trades: I need at least 10 before calling any setup best or worst." */
function tooFewText(c: Context, plural: string): string {
  return `Only ${trades(c.trades.length)} so far: I need at least ${c.minSample} before calling any ${plural} best or worst. The figures so far are below.`;
}

interface Ranking {
  topic: InsightTopic;
  dimension: Dimension;
  caption: string;
  /** 'setup', 'setups'. */
  noun: [string, string];
  label: (key: string | null) => string;
  link?: (key: string | null) => InsightLink | undefined;
  /** Keep the dimension's natural order (hours, weekdays) rather than sorting by P&L. */
  naturalOrder?: boolean;
}

/**
 * Best and worst group of one dimension by net P&L, among groups with at least `minGroup` trades. Trades without a key
 * (no playbook) are listed for comparison but never called best or worst.
 */
function ranked(c: Context, spec: Ranking): InsightAnswer {
  if (c.trades.length === 0) return noTrades(c, spec.topic);
  const groups = groupBy(c.trades, spec.dimension);
  const rows = groups.map((g) => ({ g, f: groupFigure(g, spec.label(g.key), spec.link?.(g.key)) }));
  if (!spec.naturalOrder) rows.sort((a, b) => (b.f.value ?? 0) - (a.f.value ?? 0));
  const figures = rows.map((row) => row.f);
  const answer = { topic: spec.topic, caption: spec.caption, figures, links: [analytics(c)], ...c.base };
  if (c.trades.length < c.minSample) return { ...answer, text: tooFewText(c, spec.noun[0]), tooFew: true };
  const eligible = rows
    .filter((row) => row.g.key !== null && row.g.summary.trades >= c.minGroup)
    .map((row) => row.f)
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const [best] = eligible;
  const worst = eligible[eligible.length - 1];
  let text: string;
  if (!best || !worst) {
    text = `No ${spec.noun[0]} has ${c.minGroup} or more trades yet, so none can be called best or worst.`;
  } else if (best === worst) {
    text = `Only one ${spec.noun[0]} has ${c.minGroup} or more trades: ${describe(best)}.`;
  } else {
    text = `Best ${spec.noun[0]}: ${describe(best)}. Worst: ${describe(worst)}.`;
    const small = rows.some((row) => row.g.key !== null && row.g.summary.trades < c.minGroup);
    if (small)
      text += ` ${spec.noun[1][0]!.toUpperCase()}${spec.noun[1].slice(1)} with fewer than ${c.minGroup} trades are listed but not ranked.`;
  }
  return { ...answer, text, tooFew: false };
}

/** Groups that lost money net (emotions, mistakes), worst first; a trade with two labels counts in both. */
function costly(
  c: Context,
  topic: InsightTopic,
  dimension: Dimension,
  what: { caption: string; singular: string; none: string },
): InsightAnswer {
  if (c.trades.length === 0) return noTrades(c, topic);
  const groups = groupBy(c.trades, dimension).filter((g) => g.key !== null);
  const figures = groups
    .map((g) => groupFigure(g, g.key!))
    .sort((a, b) => (a.value ?? 0) - (b.value ?? 0) || b.n - a.n);
  const answer = { topic, caption: what.caption, figures, links: [analytics(c)], ...c.base };
  if (figures.length === 0) return { ...answer, text: what.none, tooFew: false };
  const tagged = c.trades.filter((t) =>
    dimension === 'mistake'
      ? t.mistakes.length > 0
      : dimension === 'emotionBefore'
        ? t.emotionsBefore.length > 0
        : true,
  );
  const tally = summarize(tagged);
  const total = `${trades(tagged.length)} of ${c.trades.length} carry ${what.singular === 'emotion' ? 'an emotion' : 'a mistake'}, net ${pnl(tally.netPnl.value ?? 0)}.`;
  if (c.trades.length < c.minSample) {
    return { ...answer, text: `${tooFewText(c, what.singular)} ${total}`, tooFew: true };
  }
  const losing = figures.filter((f) => f.n >= c.minGroup && (f.value ?? 0) < 0);
  const text = losing.length
    ? `${losing
        .slice(0, 3)
        .map((f) => `${f.label}: ${pnl(f.value ?? 0)} over ${trades(f.n)} (${pct(f.winRate ?? 0)} won)`)
        .join('; ')}. ${total}`
    : `No ${what.singular} with ${c.minGroup} or more trades lost money net. ${total}`;
  return { ...answer, text, tooFew: false };
}

function streaks(c: Context): InsightAnswer {
  if (c.trades.length === 0) return noTrades(c, 'streaks');
  const s = summarize(c.trades);
  const order = s.equity.byTrade;
  const last = order[order.length - 1]!;
  const sign = Math.sign(last.netPnl);
  let run = 0;
  for (let i = order.length - 1; i >= 0 && sign !== 0 && Math.sign(order[i]!.netPnl) === sign; i--) run++;
  const byId = new Map(c.trades.map((t) => [t.id, t]));
  const lastTrade = byId.get(last.tradeId)!;
  const current =
    sign === 0
      ? `Your last trade (${tradeLink(lastTrade).label}) was break-even, so there is no running streak.`
      : `You are on a ${run}-trade ${sign > 0 ? 'winning' : 'losing'} streak (last trade: ${tradeLink(lastTrade).label}).`;
  const longest = `Longest winning streak: ${s.longestWinStreak.value}; longest losing streak: ${s.longestLossStreak.value}, in ${trades(s.trades)} by exit time. A break-even trade ends a streak.`;
  return {
    topic: 'streaks',
    text: `${current} ${longest}`,
    tooFew: false,
    caption: 'Streaks (net of charges, in exit order)',
    figures: [
      {
        label: sign === 0 ? 'Current streak' : `Current ${sign > 0 ? 'winning' : 'losing'} streak`,
        value: run,
        unit: 'count',
        n: run,
        link: tradeLink(lastTrade),
      },
      { label: 'Longest winning streak', value: s.longestWinStreak.value, unit: 'count', n: s.trades },
      { label: 'Longest losing streak', value: s.longestLossStreak.value, unit: 'count', n: s.trades },
    ],
    links: [{ kind: 'trades', filter: { ...c.range }, label: 'Open these trades' }],
    ...c.base,
  };
}

function charges(c: Context): InsightAnswer {
  if (c.trades.length === 0) return noTrades(c, 'charges');
  const s = summarize(c.trades);
  const paid = s.charges.value ?? 0;
  const gross = s.grossPnl.value ?? 0;
  const share = gross > 0 ? paid / gross : null;
  const n = s.trades;
  const perTrade = paid / n;
  let text = `You paid ${inr(paid)} in charges on ${trades(n)} (${inr(perTrade)} a trade). `;
  text +=
    share !== null
      ? `That is ${pct(share)} of your ${pnl(gross)} gross P&L; net after charges ${pnl(s.netPnl.value ?? 0)}.`
      : `Your trades made ${pnl(gross)} before charges, so charges took the net to ${pnl(s.netPnl.value ?? 0)}.`;
  const bySegment = groupBy(c.trades, 'segment').map(
    (g): InsightFigure => ({
      label: `Charges on ${g.key}`,
      value: g.summary.charges.value,
      unit: 'inr',
      n: g.summary.trades,
      link: { kind: 'trades', filter: { ...c.range, segments: [g.key as 'equity'] }, label: `${g.key} trades` },
    }),
  );
  return {
    topic: 'charges',
    text,
    tooFew: false,
    caption: 'Charges (brokerage, STT, exchange, SEBI, stamp duty, GST)',
    figures: [
      { label: 'Charges paid', value: paid, unit: 'inr', n },
      { label: 'Gross P&L (before charges)', value: gross, unit: 'pnl', n },
      { label: 'Net P&L (after charges)', value: s.netPnl.value, unit: 'pnl', n },
      { label: 'Charges as a share of gross P&L', value: share, unit: 'percent', n },
      { label: 'Charges per trade', value: perTrade, unit: 'inr', n },
      ...bySegment,
    ],
    links: [analytics(c)],
    ...c.base,
  };
}

function rMultiples(c: Context): InsightAnswer {
  if (c.trades.length === 0) return noTrades(c, 'rMultiples');
  const d = rDistribution(c.trades);
  const left = d.withoutStop + d.invalidStop;
  const leftOut = left ? ` ${trades(left)} without a usable stop ${left === 1 ? 'is' : 'are'} left out.` : '';
  const base = {
    topic: 'rMultiples' as const,
    caption: 'R-multiples (trades with a stop loss)',
    links: [analytics(c)],
    ...c.base,
  };
  if (d.n === 0) {
    return {
      ...base,
      text: `None of these trades has a usable stop loss, so there is no R to measure. Add the stop you planned when you log a trade.`,
      tooFew: true,
      figures: [],
    };
  }
  const figures: InsightFigure[] = [
    { label: 'Average R', value: d.averageR.value, unit: 'r', n: d.n },
    { label: 'Total R', value: d.totalR.value, unit: 'r', n: d.n },
    { label: 'Trades above 0R', value: d.positive.value, unit: 'percent', n: d.n },
    ...d.buckets
      .filter((b) => b.count > 0)
      .map((b): InsightFigure => ({ label: b.label, value: b.count, unit: 'count', n: d.n })),
  ];
  let text = `Average ${r(d.averageR.value ?? 0)} over ${trades(d.n)} with a stop (total ${r(d.totalR.value ?? 0)}); ${d.positive.count} of ${d.n} (${pct(d.positive.value ?? 0)}) made more than 0R.${leftOut}`;
  const tooFew = d.n < c.minSample;
  if (tooFew) text += ` That is fewer than ${c.minSample} trades: too few to rely on.`;
  return { ...base, text, tooFew, figures };
}

function periodSummary(c: Context): InsightAnswer {
  const label = c.base.period?.label ?? 'your journal';
  if (c.trades.length === 0) return { ...noTrades(c, 'period'), text: `No closed trades ${label}.` };
  const s = summarize(c.trades);
  const byId = new Map(c.trades.map((t) => [t.id, t]));
  const trade = (id: string | null) => (id ? byId.get(id) : undefined);
  const win = trade(s.largestWin.tradeId);
  const loss = trade(s.largestLoss.tradeId);
  let text = `${label[0]!.toUpperCase()}${label.slice(1)}: ${pnl(s.netPnl.value ?? 0)} net over ${trades(s.trades)} on ${s.tradingDays} ${s.tradingDays === 1 ? 'day' : 'days'}, ${s.wins} won (${pct(s.winRate.value ?? 0)}), charges ${inr(s.charges.value ?? 0)}.`;
  if (win) text += ` Biggest win ${win.symbol} ${pnl(win.netPnl)}.`;
  if (loss) text += ` Biggest loss ${loss.symbol} ${pnl(loss.netPnl)}.`;
  const tooFew = s.trades < c.minSample;
  if (tooFew) text += ` With fewer than ${c.minSample} trades the win rate says little yet.`;
  const figures: InsightFigure[] = [
    { label: 'Net P&L', value: s.netPnl.value, unit: 'pnl', n: s.trades },
    { label: 'Win rate', value: s.winRate.value, unit: 'percent', n: s.trades },
    { label: 'Profit factor', value: s.profitFactor.value, unit: 'ratio', n: s.trades },
    { label: 'Expectancy per trade', value: s.expectancy.value, unit: 'pnl', n: s.trades },
    // A fall, shown as the dashboard shows it: −₹360.00 (0 − x, so no drawdown is ₹0.00 rather than −0).
    {
      label: 'Max drawdown',
      value: s.maxDrawdown.value === null ? null : 0 - s.maxDrawdown.value,
      unit: 'pnl',
      n: s.trades,
    },
    { label: 'Charges', value: s.charges.value, unit: 'inr', n: s.trades },
  ];
  if (win) figures.push({ label: 'Largest win', value: win.netPnl, unit: 'pnl', n: s.wins, link: tradeLink(win) });
  if (loss)
    figures.push({ label: 'Largest loss', value: loss.netPnl, unit: 'pnl', n: s.losses, link: tradeLink(loss) });
  if (s.bestDay.date && s.tradingDays > 1) {
    figures.push({
      label: `Best day (${shortDate(s.bestDay.date)})`,
      value: s.bestDay.value,
      unit: 'pnl',
      n: s.bestDay.trades,
      link: { kind: 'trades', filter: { from: s.bestDay.date, to: s.bestDay.date }, label: shortDate(s.bestDay.date) },
    });
    figures.push({
      label: `Worst day (${shortDate(s.worstDay.date!)})`,
      value: s.worstDay.value,
      unit: 'pnl',
      n: s.worstDay.trades,
      link: {
        kind: 'trades',
        filter: { from: s.worstDay.date!, to: s.worstDay.date! },
        label: shortDate(s.worstDay.date!),
      },
    });
  }
  return {
    topic: 'period',
    text,
    tooFew,
    caption: `Summary of ${label}`,
    figures,
    links: [{ kind: 'trades', filter: { ...c.range }, label: 'Open these trades' }, analytics(c)],
    ...c.base,
  };
}

const questionList = () => INSIGHT_QUESTIONS.map((q) => `• ${q.question}`).join('\n');

function help(c: Context, known: boolean): InsightAnswer {
  return {
    topic: known ? 'help' : 'unknown',
    text: known
      ? `I answer these questions from your own journal, with the numbers behind each answer. Add "this week", "last month" or "today" to narrow any of them.\n${questionList()}`
      : `I can't answer that yet. I can answer:\n${questionList()}`,
    tooFew: false,
    figures: [],
    links: [],
    ...c.base,
  };
}

const capital = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

/**
 * Answers a question about the trader's own journal from its closed trades, with the figures behind the answer and
 * their sample sizes. Questions are matched by intent words (see INSIGHT_QUESTIONS); anything else gets "I can't
 * answer that yet" and the list. Nothing here leaves the device and no number is estimated.
 */
export function answerQuestion(question: string, journal: InsightJournal, options: InsightOptions = {}): InsightAnswer {
  const intent = matchIntent(question);
  const period = intent.period ? periodRange(intent.period, options.now ?? new Date()) : undefined;
  const scoped = period ? inRange(journal.trades, period.from, period.to) : journal.trades;
  const c: Context = {
    trades: scoped,
    journal,
    minSample: options.minSample ?? 10,
    minGroup: options.minGroup ?? 3,
    range: period ? { from: period.from, to: period.to } : {},
    base: { sample: scoped.length, ...(period ? { period } : {}) },
  };
  const names = new Map((journal.playbooks ?? []).map((p) => [p.id, p.name]));
  const answer = (() => {
    switch (intent.topic) {
      case 'setups':
        return ranked(c, {
          topic: 'setups',
          dimension: 'playbook',
          caption: 'Net P&L by playbook',
          noun: ['setup', 'setups'],
          label: (key) => (key === null ? 'No playbook' : (names.get(key) ?? 'Deleted playbook')),
          link: (key) => ({ kind: 'trades', filter: { ...c.range, playbookId: key ?? 'none' }, label: 'Trades' }),
        });
      case 'timeOfDay':
        return ranked(c, {
          topic: 'timeOfDay',
          dimension: 'timeOfDay',
          caption: 'Net P&L by entry time (IST)',
          noun: ['time of day', 'times of day'],
          label: (key) => key ?? '',
          naturalOrder: true,
        });
      case 'weekday':
        return ranked(c, {
          topic: 'weekday',
          dimension: 'weekday',
          caption: 'Net P&L by weekday (IST exit day)',
          noun: ['weekday', 'weekdays'],
          label: (key) => key ?? '',
          naturalOrder: true,
        });
      case 'symbols':
        return ranked(c, {
          topic: 'symbols',
          dimension: 'symbol',
          caption: 'Net P&L by symbol',
          noun: ['symbol', 'symbols'],
          label: (key) => key ?? '',
          link: (key) => (key ? { kind: 'trades', filter: { ...c.range, symbol: key }, label: key } : undefined),
        });
      case 'longShort':
        return ranked(c, {
          topic: 'longShort',
          dimension: 'side',
          caption: 'Net P&L by direction',
          noun: ['side', 'sides'],
          label: (key) => capital(key ?? ''),
          naturalOrder: true,
        });
      case 'holdingTime':
        return ranked(c, {
          topic: 'holdingTime',
          dimension: 'holdingTime',
          caption: 'Net P&L by holding time',
          noun: ['holding time', 'holding times'],
          label: (key) => key ?? '',
          naturalOrder: true,
        });
      case 'emotions':
        return costly(c, 'emotions', 'emotionBefore', {
          caption: 'Net P&L by emotion before entry (a trade with two emotions counts in both)',
          singular: 'emotion',
          none: 'None of these trades has an emotion logged. Note how you felt before each entry in the trade form, and I can tell which feelings cost you.',
        });
      case 'mistakes':
        return costly(c, 'mistakes', 'mistake', {
          caption: 'Net P&L of trades by mistake (a trade with two mistakes counts in both)',
          singular: 'mistake',
          none: 'None of these trades has a mistake logged. Mark mistakes in the trade form and I can total what they cost.',
        });
      case 'streaks':
        return streaks(c);
      case 'charges':
        return charges(c);
      case 'rMultiples':
        return rMultiples(c);
      case 'period':
        return periodSummary(c);
      case 'help':
        return help(c, true);
      default:
        return help(c, false);
    }
  })();
  // A period narrowing another topic is named in the answer, so "best setups last week" reads as such.
  if (period && answer.topic !== 'period' && answer.topic !== 'help' && answer.topic !== 'unknown') {
    return {
      ...answer,
      text: `${capital(period.label)}: ${answer.text}`,
      ...(answer.caption ? { caption: `${answer.caption}, ${period.label}` } : {}),
    };
  }
  return answer;
}
