// Marketing copy for Indian retail traders. Kept as data so the landing page, the feature pages and the
// navigation list the same features in the same words.
import { formatPrice, type PlanCatalog } from '../../lib/plans';

export type FeatureSlug = 'ai-assistant' | 'playbooks' | 'emotions' | 'time' | 'trade-entry' | 'calculator';

export interface Feature {
  slug: FeatureSlug;
  name: string;
  tagline: string;
  summary: string;
  points: string[];
}

export const features: Feature[] = [
  {
    slug: 'trade-entry',
    name: 'Trade entry and imports',
    tagline: 'Every fill, in one place, in minutes.',
    summary:
      'Import the tradebook from Zerodha Console, Dhan, Upstox or Angel One as often as you like, or log a trade by hand in seconds. Partial exits, scale-ins and position flips are matched FIFO, so nothing shows up as a phantom open trade.',
    points: [
      'Re-import overlapping files safely: broker trade ids remove duplicates',
      'Brokerage, STT, exchange charges, stamp duty and GST estimated per trade',
      'Equity, futures and options, with the lot sizes in force on the trade date',
      'Trade dates in exchange time (IST), so no trade lands on the wrong day',
    ],
  },
  {
    slug: 'playbooks',
    name: 'Playbooks',
    tagline: 'Write down your edge. Then check it.',
    summary:
      'Describe each setup you trade, from the opening range breakout to the expiry-day short straddle, with entry rules, stop placement and a checklist. Tag trades with their playbook and see which setups actually pay.',
    points: [
      'Win rate, average R and expectancy per setup, with the sample size beside it',
      'Checklists you tick before entry, so you can see when you broke your own rules',
      'Screenshots of textbook examples kept with the rules',
    ],
  },
  {
    slug: 'emotions',
    name: 'Emotions',
    tagline: 'Revenge trades have a price. See it.',
    summary:
      'Mark how you felt before and after a trade: calm, FOMO, fear, greed, revenge. Bahi puts a rupee figure on each state, so the cost of the third trade after a loss is no longer a feeling.',
    points: [
      'Net P&L and win rate by emotion',
      'Streak view: what happens to your trading after two losing trades in a row',
      'Notes from the moment, next to the chart',
    ],
  },
  {
    slug: 'time',
    name: 'Time analysis',
    tagline: 'Find the hours that make and lose you money.',
    summary:
      'Break your results down by time of day, weekday and days to expiry. Many intraday traders give back the morning’s profit after 2 pm; Bahi shows whether you are one of them.',
    points: [
      'P&L by 15-minute slot from 9:15 to 15:30',
      'Weekday and expiry-day breakdowns for F&O',
      'Holding time against result, winners and losers apart',
    ],
  },
  {
    slug: 'calculator',
    name: 'Position sizing calculator',
    tagline: 'Risk the same rupees on every trade.',
    summary:
      'Enter capital, risk per trade, entry and stop: Bahi gives the quantity, or the number of lots for NIFTY, BANKNIFTY and stock F&O, and warns when the position needs more capital than you have.',
    points: [
      'Quantity = capital × risk% ÷ distance to stop, rounded down',
      'Lot-aware sizing for futures and options premiums',
      'Reward-to-risk before you place the order',
    ],
  },
  {
    slug: 'ai-assistant',
    name: 'AI assistant',
    tagline: 'A trading coach that has read every trade you took.',
    summary:
      'Ask in plain words: “Why was last week red?”, “Which setup should I stop trading?”. The assistant answers from your own journal, with the trades it is talking about.',
    points: [
      'Weekly review written from your trades and notes',
      'Spots rule breaks: oversized positions, missing stops, overtrading',
      'Answers cite the trades behind them, so you can check',
    ],
  },
];

export const featureBySlug = (slug: FeatureSlug): Feature => features.find((f) => f.slug === slug)!;

export type LegalSlug = 'terms' | 'privacy' | 'shipping' | 'refund' | 'contact';

export interface LegalDoc {
  slug: LegalSlug;
  title: string;
  updated: string;
  /** A paragraph that quotes prices is a function of the plans on sale (`LegalPage`'s `plans`). */
  sections: Array<{ heading: string; body: Array<string | ((plans: PlanCatalog) => string)> }>;
}

export const legalDocs: LegalDoc[] = [
  {
    slug: 'terms',
    title: 'Terms of Service',
    updated: '2026-11-01',
    sections: [
      {
        heading: 'What Bahi is',
        body: [
          'Bahi is a trading journal. It records and analyses trades you have already taken. It is not a broker, does not place orders and does not give investment advice. Nothing in Bahi, including the AI assistant, is a recommendation to buy or sell any security.',
        ],
      },
      {
        heading: 'Your account',
        body: [
          'You need an email address to sign up. Keep your password private and turn on two-factor authentication. You are responsible for what happens under your account.',
        ],
      },
      {
        heading: 'Subscriptions',
        body: [
          (plans) =>
            `Most features need a paid plan: ${formatPrice(plans.monthly.amount)} a month or ${formatPrice(plans.yearly.amount)} a year. Plans are paid in advance through Razorpay and renew until cancelled. Cancelling stops the next renewal; you keep access until the end of the period you paid for.`,
        ],
      },
      {
        heading: 'Your data',
        body: [
          'Your trades, notes and screenshots are yours. You can export or delete them at any time. See the Privacy Policy for how we store them.',
        ],
      },
    ],
  },
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    updated: '2026-11-01',
    sections: [
      {
        heading: 'What we collect',
        body: [
          'Your name and email, the trades and notes you enter or import, and basic usage logs. Payments are handled by Razorpay: we never see your card, UPI or bank details.',
        ],
      },
      {
        heading: 'How we use it',
        body: [
          'Only to run your journal: calculations, charts, reminders you ask for and answers from the AI assistant. We do not sell your data or share your trades with brokers or advertisers.',
        ],
      },
      {
        heading: 'Your rights',
        body: [
          'Under the Digital Personal Data Protection Act, 2023 you may ask for a copy of your data, correct it, or have it erased. Write to privacy@bahi.app.',
        ],
      },
    ],
  },
  {
    slug: 'shipping',
    title: 'Shipping and Delivery',
    updated: '2026-11-01',
    sections: [
      {
        heading: 'Digital service',
        body: [
          'Bahi is delivered online. Nothing is shipped. Your plan is active as soon as the payment is verified, usually within a minute, and you receive a confirmation email.',
        ],
      },
    ],
  },
  {
    slug: 'refund',
    title: 'Cancellation and Refunds',
    updated: '2026-11-01',
    sections: [
      {
        heading: 'Cancelling',
        body: [
          'Cancel any time from the Subscription page. Your plan stays active until the end of the period you paid for and is not renewed.',
        ],
      },
      {
        heading: 'Refunds',
        body: [
          'If you were charged twice, or charged after cancelling, write to support@bahi.app within 7 days with the Razorpay payment id. Approved refunds reach the original payment method within 5 to 7 working days.',
        ],
      },
    ],
  },
  {
    slug: 'contact',
    title: 'Contact us',
    updated: '2026-11-01',
    sections: [
      {
        heading: 'Support',
        body: [
          'Email support@bahi.app. We answer within one working day, Monday to Friday, 10:00 to 18:00 IST.',
          'For payment problems include the Razorpay payment id (it starts with pay_).',
        ],
      },
      {
        heading: 'Grievance officer',
        body: ['Write to grievance@bahi.app. We acknowledge within 24 hours and resolve within 15 days.'],
      },
    ],
  },
];

export const legalBySlug = (slug: LegalSlug): LegalDoc => legalDocs.find((d) => d.slug === slug)!;
