// Which fills are the same instrument. A contract is one instrument per venue, symbol and expiry. A share is one per
// broker account, whatever it was called: the ISIN names the security, so a rename or a series change (11 shares of GE
// T&D bought as GET&D-BE and sold as GVT&D, both INE200A01026) is one holding. A fill without an ISIN (Dhan, Upstox, a
// typed opening lot) joins the share that the other fills of its symbol name; and a symbol that traded under two
// ISINs (a split that changed the face value, and with it the ISIN) stays one share too. So the instrument is the
// group of symbols and ISINs that the broker's fills connect.
//
// A family is what a change must rebuild together: a share and the shares its demergers, mergers and symbol changes
// link it to (a demerged share's lots come from its parent's, a merged holding moves into the new share).
import { type CorporateAction, hasNewShare } from './corporate-actions';
import { baseSymbol } from './symbols';
import type { Fill, ImportBroker } from './types';

/** A share traded on NSE or BSE (not a derivative, not a commodity). */
export const isShare = (fill: Pick<Fill, 'segment' | 'exchange'>): boolean =>
  fill.segment === 'equity' && fill.exchange !== 'MCX';

/** Union-find over names; each group's root is its smallest name, so a key does not depend on the order read. */
class Groups {
  private parent = new Map<string, string>();
  has(x: string): boolean {
    return this.parent.has(x);
  }
  add(x: string): void {
    if (!this.parent.has(x)) this.parent.set(x, x);
  }
  find(x: string): string {
    let root = x;
    for (let p = this.parent.get(root); p !== undefined && p !== root; p = this.parent.get(root)) root = p;
    // Path compression: every name on the way points at the root.
    for (let y = x, p = this.parent.get(y); p !== undefined && p !== root; y = p, p = this.parent.get(y)) {
      this.parent.set(y, root);
    }
    return root;
  }
  union(a: string, b: string): void {
    this.add(a);
    this.add(b);
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    if (ra < rb) this.parent.set(rb, ra);
    else this.parent.set(ra, rb);
  }
}

const symbolName = (symbol: string) => `S:${baseSymbol(symbol)}`;
const isinName = (isin: string) => `I:${isin.trim().toUpperCase()}`;

/** The instrument of one broker's share under an action, and of the share it gets (demerger, merger, symbol change). */
export interface ActionShares {
  broker: ImportBroker;
  source: string;
  /** Null for a split or bonus. */
  target: string | null;
  /** The family both are in. */
  family: string;
}

export interface InstrumentKeys {
  /** The instrument a fill trades: its own FIFO holding (a share) or position (a contract). */
  of(fill: Fill): string;
  /** The instruments rebuilt together with the fill's: for a share, those its corporate actions link it to. */
  familyOf(fill: Fill): string;
  /** The instrument of a broker's share named by a symbol or an ISIN; null when no fill of the broker names it. */
  shareOf(broker: ImportBroker, symbol: string, isin: string | null): string | null;
  /** Per broker that holds the action's share: its instrument, and the new share's. */
  actionShares(action: CorporateAction): ActionShares[];
}

const contractKey = (fill: Fill) => `${fill.broker}|${fill.exchange}|${fill.symbol}|${fill.expiry ?? ''}`;

/**
 * The instruments of `fills` (every fill the caller will ask about, stored and new) under `actions`. An action names
 * its share by symbol (or ISIN) and links it to the new share it names.
 */
export function instrumentKeys(fills: Iterable<Fill>, actions: readonly CorporateAction[] = []): InstrumentKeys {
  const shares = new Map<ImportBroker, Groups>();
  const groupsOf = (broker: ImportBroker) => {
    let g = shares.get(broker);
    if (!g) {
      g = new Groups();
      shares.set(broker, g);
    }
    return g;
  };
  for (const f of fills) {
    if (!isShare(f)) continue;
    const g = groupsOf(f.broker);
    const s = symbolName(f.symbol);
    g.add(s);
    if (f.isin) g.union(s, isinName(f.isin));
  }

  // Actions in ex-date order, so that a chain (A merged into B, B later into C) finds B by the name the first gave it.
  const ordered = [...actions].sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
  const sourceName = (g: Groups, a: CorporateAction): string | null => {
    const s = symbolName(a.symbol);
    if (g.has(s)) return s;
    const i = a.isin ? isinName(a.isin) : null;
    return i !== null && g.has(i) ? i : null;
  };
  const targetName = (a: CorporateAction): string | null =>
    a.newIsin ? isinName(a.newIsin) : a.newSymbol ? symbolName(a.newSymbol) : null;
  const links: { broker: ImportBroker; source: string; target: string }[] = [];
  for (const a of ordered) {
    for (const [broker, g] of shares) {
      const source = sourceName(g, a);
      if (source === null) continue;
      // The action's own names are the same share: its symbol and ISIN, the new share's symbol and ISIN.
      if (a.isin) g.union(symbolName(a.symbol), isinName(a.isin));
      if (!hasNewShare(a)) continue;
      const target = targetName(a);
      if (target === null) continue;
      g.add(target);
      if (a.newSymbol && a.newIsin) g.union(symbolName(a.newSymbol), isinName(a.newIsin));
      links.push({ broker, source, target });
    }
  }
  const families = new Map<ImportBroker, Groups>();
  for (const { broker, source, target } of links) {
    const g = shares.get(broker)!;
    let f = families.get(broker);
    if (!f) {
      f = new Groups();
      families.set(broker, f);
    }
    f.union(g.find(source), g.find(target));
  }

  const shareRoot = (fill: Fill) => {
    const g = groupsOf(fill.broker);
    const isin = fill.isin ? isinName(fill.isin) : null;
    return g.find(isin !== null && g.has(isin) ? isin : symbolName(fill.symbol));
  };
  const familyKey = (broker: ImportBroker, root: string) => {
    const f = families.get(broker);
    return `${broker}|EQ|${f?.has(root) ? f.find(root) : root}`;
  };
  return {
    of: (fill) => (isShare(fill) ? `${fill.broker}|EQ|${shareRoot(fill)}` : contractKey(fill)),
    familyOf: (fill) => (isShare(fill) ? familyKey(fill.broker, shareRoot(fill)) : contractKey(fill)),
    shareOf(broker, symbol, isin) {
      const g = shares.get(broker);
      if (!g) return null;
      const name = isin && g.has(isinName(isin)) ? isinName(isin) : symbolName(symbol);
      return g.has(name) ? `${broker}|EQ|${g.find(name)}` : null;
    },
    actionShares(action) {
      const out: ActionShares[] = [];
      for (const [broker, g] of shares) {
        const source = sourceName(g, action);
        if (source === null) continue;
        const target = hasNewShare(action) ? targetName(action) : null;
        const root = g.find(source);
        out.push({
          broker,
          source: `${broker}|EQ|${root}`,
          target: target === null ? null : `${broker}|EQ|${g.find(target)}`,
          family: familyKey(broker, root),
        });
      }
      return out;
    },
  };
}
