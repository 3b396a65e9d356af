// Each page names itself in the browser's title bar and tab (WCAG 2.4.2), as "Area · Product".

const TITLES: [RegExp, string][] = [
  [/^\/$/, ''],
  [/^\/login$/, 'Log in'],
  [/^\/signup$/, 'Sign up'],
  [/^\/forgot-password$/, 'Forgot password'],
  [/^\/verify-email$/, 'Verify email'],
  [/^\/reset-password$/, 'Reset password'],
  [/^\/features$/, 'Features'],
  [/^\/features\/ai-assistant$/, 'AI assistant'],
  [/^\/features\/playbooks$/, 'Playbooks'],
  [/^\/features\/emotions$/, 'Emotions'],
  [/^\/features\/time$/, 'Time analysis'],
  [/^\/features\/trade-entry$/, 'Trade entry'],
  [/^\/features\/calculator$/, 'Position size calculator'],
  [/^\/terms$/, 'Terms'],
  [/^\/privacy$/, 'Privacy'],
  [/^\/shipping$/, 'Shipping'],
  [/^\/refund$/, 'Refunds'],
  [/^\/contact$/, 'Contact'],
  [/^\/subscription$/, 'Subscription'],
  [/^\/admin$/, 'Admin'],
  [/^\/onboarding$/, 'Set up your journal'],
  [/^\/profile$/, 'Profile'],
  [/^\/dashboard$/, 'Dashboard'],
  [/^\/trades$/, 'Trades'],
  [/^\/trades\/[^/]+$/, 'Trade review'],
  [/^\/trade-form$/, 'Add trade'],
  [/^\/trade-form\/[^/]+$/, 'Edit trade'],
  [/^\/calendar$/, 'Calendar'],
  [/^\/analytics$/, 'Analytics'],
  [/^\/[^/]+-AI$/, 'AI assistant'],
  [/^\/notebook$/, 'Notebook'],
  [/^\/funds$/, 'Funds'],
  [/^\/tax$/, 'Tax P&L'],
  [/^\/position-sizing$/, 'Position sizing'],
  [/^\/gallery$/, 'Gallery'],
  [/^\/playbooks$/, 'Playbooks'],
  [/^\/playbook\/create$/, 'New playbook'],
  [/^\/playbook\/edit\/[^/]+$/, 'Edit playbook'],
];

export function pageTitle(pathname: string, productName: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const match = TITLES.find(([pattern]) => pattern.test(path));
  if (!match) return `Page not found · ${productName}`;
  return match[1] ? `${match[1]} · ${productName}` : `${productName}: trading journal`;
}
