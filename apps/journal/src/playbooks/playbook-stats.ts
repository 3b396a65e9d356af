// Per-playbook statistics and rule adherence for the Playbooks page, from the shared journal and the rule checks
// (`trade_playbook_rules`) ticked on each trade.
import { summarize, type TradeForStats } from '@bahi/trading';
import type { PlaybookPerformance, PlaybookSummary } from '@bahi/ui';
import { type JournalTrade, type Playbook, toStatsTrade } from '../data/journal-data';

/** One row of `trade_playbook_rules`: whether a trade followed one rule of a playbook. */
export interface RuleCheck {
  tradeId: string;
  playbookId: string;
  ruleId: string;
  followed: boolean;
}

function performance(trades: readonly TradeForStats[]): PlaybookPerformance {
  const s = summarize(trades);
  return { trades: s.trades, winRate: s.winRate, netPnl: s.netPnl, expectancy: s.expectancy };
}

export function playbookSummaries(
  playbooks: readonly Playbook[],
  trades: readonly JournalTrade[],
  checks: readonly RuleCheck[],
): PlaybookSummary[] {
  const closed = new Map<string, TradeForStats>();
  const byPlaybook = new Map<string, { closed: TradeForStats[]; open: number }>();
  for (const t of trades) {
    if (!t.playbookId) continue;
    let entry = byPlaybook.get(t.playbookId);
    if (!entry) {
      entry = { closed: [], open: 0 };
      byPlaybook.set(t.playbookId, entry);
    }
    const stats = toStatsTrade(t);
    if (stats) {
      entry.closed.push(stats);
      closed.set(t.id, stats);
    } else entry.open++;
  }
  const checksOf = new Map<string, RuleCheck[]>();
  for (const c of checks) {
    const list = checksOf.get(c.playbookId);
    if (list) list.push(c);
    else checksOf.set(c.playbookId, [c]);
  }

  return playbooks.map((p) => {
    const own = byPlaybook.get(p.id) ?? { closed: [], open: 0 };
    const s = summarize(own.closed);
    const pChecks = checksOf.get(p.id) ?? [];
    // A trade followed the playbook when every rule checked on it was followed.
    const tradeFollowedAll = new Map<string, boolean>();
    const perRule = new Map<string, { broken: number; checks: number }>();
    for (const c of pChecks) {
      tradeFollowedAll.set(c.tradeId, (tradeFollowedAll.get(c.tradeId) ?? true) && c.followed);
      const r = perRule.get(c.ruleId) ?? { broken: 0, checks: 0 };
      r.checks++;
      if (!c.followed) r.broken++;
      perRule.set(c.ruleId, r);
    }
    const followedAll: TradeForStats[] = [];
    const brokeARule: TradeForStats[] = [];
    for (const [tradeId, all] of tradeFollowedAll) {
      const t = closed.get(tradeId);
      if (t) (all ? followedAll : brokeARule).push(t);
    }
    let mostBroken: PlaybookSummary['adherence']['mostBroken'] = null;
    // In checklist order, so a tie names the earlier rule.
    for (const rule of p.rules) {
      const r = perRule.get(rule.id);
      if (r && r.broken > 0 && (!mostBroken || r.broken > mostBroken.broken))
        mostBroken = { text: rule.text, broken: r.broken, checks: r.checks };
    }
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      markets: p.markets,
      timeframes: p.timeframes,
      rules: p.rules.length,
      isArchived: p.isArchived,
      stats: {
        trades: s.trades,
        winRate: s.winRate,
        netPnl: s.netPnl,
        expectancy: s.expectancy,
        profitFactor: s.profitFactor,
        openTrades: own.open,
      },
      adherence: {
        checks: pChecks.length,
        followed: pChecks.filter((c) => c.followed).length,
        followedAll: performance(followedAll),
        brokeARule: performance(brokeARule),
        mostBroken,
      },
    };
  });
}
