// Each public page's meta description (what a search result shows under the title); the signed-in app's pages keep
// index.html's. Written for the page, in the marketing copy's words. Set by the public pages' own modules, so the
// router's code (on every page) does not carry the texts.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export const DEFAULT_DESCRIPTION = 'Bahi: the trading journal for Indian retail traders.';

const DESCRIPTIONS: Record<string, string> = {
  '/': 'Bahi is the trading journal for Indian retail traders: import your Zerodha, Dhan, Upstox or Angel One tradebook and see where your rupees go, with charges, playbooks, tax P&L and an AI coach. From ₹360 a month.',
  '/features':
    'What Bahi does for an Indian trader, from the first import to the weekly review: trade entry and imports, playbooks, emotions, time analysis, position sizing and an AI assistant.',
  '/features/trade-entry':
    'Import tradebooks from Zerodha Console, Dhan, Upstox or Angel One, or log a trade by hand: fills matched FIFO, charges estimated per trade, lot sizes as on the trade date.',
  '/features/playbooks':
    'Write down your setups as playbooks in Bahi, tag every trade with one, and check which setups make money and which only feel like they do.',
  '/features/emotions':
    'Tag how you felt on every trade and see what revenge trades, fear and FOMO cost you in rupees, in your own Bahi journal.',
  '/features/time':
    'Bahi breaks your P&L down by hour, weekday and holding time, so you can find the hours that make and lose you money.',
  '/features/calculator':
    "Bahi's position sizing calculator: risk the same rupees on every trade, with F&O lot sizes and your broker's charges.",
  '/features/ai-assistant':
    "Bahi's AI assistant is a trading coach that has read every trade you took: ask about your patterns, mistakes and best setups.",
  '/terms': 'The terms of service for Bahi, the trading journal for Indian retail traders.',
  '/privacy': 'How Bahi collects, uses and protects your data and your trading journal.',
  '/shipping': "Shipping and delivery for Bahi: a subscription to an online service, available as soon as it's paid.",
  '/refund': 'Cancellation and refunds for Bahi subscriptions, paid monthly or yearly through Razorpay.',
  '/contact': 'Contact Bahi: support, billing and privacy questions about the trading journal.',
  '/login': 'Log in to your Bahi trading journal.',
  '/signup': 'Create your Bahi account: a trading journal for Indian retail traders, priced in INR.',
  '/forgot-password': 'Reset the password of your Bahi account.',
};

export function pageDescription(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return DESCRIPTIONS[path] ?? DEFAULT_DESCRIPTION;
}

/** Sets the page's description while it shows; index.html's comes back when it goes. */
export function usePageDescription(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = document.querySelector('meta[name="description"]');
    meta?.setAttribute('content', pageDescription(pathname));
    return () => meta?.setAttribute('content', DEFAULT_DESCRIPTION);
  }, [pathname]);
}
